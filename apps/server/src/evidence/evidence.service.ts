import type { EvidenceCase, EvidenceReport, EvidenceTeam, Language } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { type MessageKey, translate } from '../i18n/messages';
import type { Clock } from '../lib/clock';
import { attachmentDisposition, fileNameTimestamp } from '../lib/safe-file-name';
import type { EvidenceRepository, StoredCase } from './evidence.repository';
import { computeCases } from './evidence-rules';

/** A computation older than this is redone by the next scheduler pass. */
export const EVIDENCE_STALE_MS = 60_000;
/**
 * A game whose computation took this process long waits this many times as long before the next one, so the
 * evidence of a big event (a million wrong answers read each time) never takes more than ~5 % of the database and
 * of a process, whatever the event's size.
 */
export const EVIDENCE_COST_FACTOR = 20;
/** How long a claim holds; a process that died computing loses the game to another after this. */
const CLAIM_MS = 120_000;

export interface EvidenceFile {
  disposition: string;
  body: Buffer;
}

/**
 * Flag-sharing evidence of a game (docs/operations.md, "Flag-sharing evidence"): computed off the submission path
 * by whichever process claims the game in the database, stored, and read by the monitor's Evidence tab.
 */
export function createEvidenceService(deps: {
  db: Db;
  repository: EvidenceRepository;
  clock: Clock;
  owner: string;
  log?: FastifyBaseLogger;
  /** A monotonic clock in ms, for what a computation cost (tests pass their own). */
  elapsedMs?: () => number;
}) {
  const { db, repository, clock } = deps;
  const elapsedMs = deps.elapsedMs ?? (() => performance.now());
  /** What this process's last computation of each game cost, in ms. */
  const lastCost = new Map<number, number>();

  async function game(gameId: number) {
    const row = await db.selectFrom('games').select(['id', 'title']).where('id', '=', gameId).executeTakeFirst();
    if (!row) throw notFound('error.gameNotFound');
    return row;
  }

  /** Computes and stores the game's cases if this process wins the claim; true when it did. */
  async function refresh(gameId: number, force: boolean): Promise<boolean> {
    const now = clock.now();
    const staleMs = Math.max(EVIDENCE_STALE_MS, EVIDENCE_COST_FACTOR * (lastCost.get(gameId) ?? 0));
    const claimed = await repository.claim(
      gameId,
      deps.owner,
      now,
      new Date(now.getTime() + CLAIM_MS),
      new Date(now.getTime() - staleMs),
      force,
    );
    if (!claimed) return false;
    try {
      const began = elapsedMs();
      const cases = computeCases(await repository.input(gameId));
      await repository.store(gameId, deps.owner, cases, clock.now());
      lastCost.set(gameId, elapsedMs() - began);
      return true;
    } catch (error) {
      await repository.release(gameId, deps.owner).catch(() => undefined);
      throw error;
    }
  }

  async function describe(gameId: number, stored: StoredCase[]): Promise<EvidenceCase[]> {
    const ids = [...new Set(stored.flatMap((c) => c.participationIds))];
    const teams = new Map<number, EvidenceTeam>();
    if (ids.length > 0) {
      const rows = await db
        .selectFrom('participations as p')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .select(['p.id', 'p.team_id', 't.name', 'p.status', 'p.division_id'])
        .where('p.id', 'in', ids)
        .execute();
      for (const r of rows)
        teams.set(r.id, {
          participationId: r.id,
          teamId: r.team_id,
          name: r.name,
          status: r.status,
          divisionId: r.division_id,
        });
    }
    const titles = new Map(
      (await db.selectFrom('challenges').select(['id', 'title']).where('game_id', '=', gameId).execute()).map((c) => [
        c.id,
        c.title,
      ]),
    );
    return stored.map((c) => ({
      key: c.key,
      teams: c.participationIds.flatMap((id) => teams.get(id) ?? []),
      strength: c.strength,
      signals: c.signals.map((s) => ({
        kind: s.kind,
        strength: s.strength,
        times: s.times,
        challengeId: s.challengeId ?? null,
        challenge: s.challengeId === undefined ? null : (titles.get(s.challengeId) ?? null),
        detail: s.detail,
      })),
      dismissed: c.dismissedAt !== null,
      updatedAt: c.updatedAt.getTime(),
    }));
  }

  async function report(gameId: number, includeDismissed: boolean): Promise<EvidenceReport> {
    await game(gameId);
    const stored = (await repository.cases(gameId)).filter((c) => includeDismissed || c.dismissedAt === null);
    const computedAt = await repository.computedAt(gameId);
    return { computedAt: computedAt?.getTime() ?? null, cases: await describe(gameId, stored) };
  }

  async function exportName(gameId: number, extension: string): Promise<string> {
    const { title } = await game(gameId);
    return attachmentDisposition(`${title}-evidence-${fileNameTimestamp(clock.now())}.${extension}`);
  }

  return {
    refresh,
    report,

    /** Computes now (unless another process is computing this game), then answers the report. */
    async refreshNow(gameId: number): Promise<EvidenceReport> {
      await game(gameId);
      await refresh(gameId, true);
      return report(gameId, false);
    },

    async dismiss(gameId: number, key: string, userId: string, dismissed: boolean): Promise<void> {
      await game(gameId);
      const done = await repository.setDismissed(
        gameId,
        key,
        dismissed ? userId : null,
        dismissed ? clock.now() : null,
      );
      if (!done) throw notFound('error.evidenceCaseNotFound');
    },

    async exportJson(gameId: number): Promise<{ disposition: string; report: EvidenceReport }> {
      return { disposition: await exportName(gameId, 'json'), report: await report(gameId, true) };
    },

    /** One row per signal (a case's teams and strength repeated), so a sheet filter finds a team's evidence. */
    async exportXlsx(gameId: number, language: Language): Promise<EvidenceFile> {
      const { cases } = await report(gameId, true);
      const t = (key: MessageKey) => translate(language, key);
      const { default: excel } = await import('exceljs');
      const workbook = new excel.Workbook();
      const sheet = workbook.addWorksheet(t('sheet.evidence').slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = [10, 40, 10, 10, 20, 24, 10, 24, 40].map((width) => ({ width }));
      sheet.addRow([
        t('sheet.case'),
        t('sheet.teams'),
        t('sheet.strength'),
        t('sheet.dismissed'),
        t('sheet.signal'),
        t('sheet.challenge'),
        t('sheet.signalStrength'),
        t('sheet.times'),
        t('sheet.detail'),
      ]).font = {
        bold: true,
      };
      for (const c of cases) {
        for (const s of c.signals) {
          sheet.addRow([
            c.key,
            c.teams.map((t) => t.name).join(' / '),
            c.strength,
            c.dismissed ? t('sheet.yes') : '',
            s.kind,
            s.challenge ?? '',
            s.strength,
            s.times.map((t) => new Date(t).toISOString()).join(' '),
            s.detail,
          ]);
        }
      }
      const body = Buffer.from(await workbook.xlsx.writeBuffer());
      return { disposition: await exportName(gameId, 'xlsx'), body };
    },

    /** Every process runs this each minute; the claim makes one of them compute each game. */
    async tick(): Promise<void> {
      for (const gameId of await repository.activeGames(clock.now())) {
        await refresh(gameId, false).catch((error: unknown) =>
          deps.log?.warn({ err: error, gameId }, 'flag-sharing evidence: computation failed'),
        );
      }
    },
  };
}
export type EvidenceService = ReturnType<typeof createEvidenceService>;
