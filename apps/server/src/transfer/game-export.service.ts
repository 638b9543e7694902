import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ChallengeCategory as Categories,
  type ChallengeCategory,
  type GameExportPart,
  type GamePhaseInfo,
  unpackBloodBonus,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { attachmentDisposition } from '../lib/safe-file-name';
import { type ZipEntry, zipStream } from '../lib/zip-stream';
import { createDivisionRepository, type DivisionWithConfigs } from '../repositories/division.repository';
import { createGamePhaseRepository } from '../repositories/game-phase.repository';
import type { FileStore } from '../services/file-store.service';
import { divisionSections } from './division-transfer';
import { lockedHintSections } from './export-hints';
import {
  AWARDS_ENTRY,
  challengeEntry,
  fileEntry,
  formatPackageTime,
  GAME_ENTRY,
  MANIFEST_ENTRY,
  NOTICES_ENTRY,
  PACKAGE_FORMAT,
  PACKAGE_VERSION,
  SECRETS_ENTRY,
  SUBMISSIONS_ENTRY,
  TEAMS_ENTRY,
} from './package-format';
import {
  createTransferRepository,
  type ExportAttachment,
  type ExportChallengeRow,
  type ExportFlagRow,
  type ExportGameRow,
  type ExportHealthRow,
} from './transfer.repository';
import { awardSections, prerequisiteSections } from './transfer-prerequisites';

export const EXPORTER_VERSION = 'Flagpole 0.1.0';
const SUBMISSION_PAGE = 2000;

const isContainer = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';
const time = (date: Date | null) => (date ? formatPackageTime(date) : null);
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** `20251102-103000`: the reference's `yyyyMMdd-HHmmss` in UTC. */
export function exportStamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

/** A download name from the title: no path separators, quotes or control characters. */
const titleForFileName = (title: string) => title.replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, '_').trim() || 'game';

function gameSection(game: ExportGameRow, divisions: readonly DivisionWithConfigs[], phases: readonly GamePhaseInfo[]) {
  const bonus = unpackBloodBonus(game.blood_bonus);
  return {
    title: game.title,
    summary: game.summary,
    content: game.content,
    hidden: game.hidden,
    practiceMode: game.practice_mode,
    acceptWithoutReview: game.accept_without_review,
    inviteCode: game.invite_code,
    teamMemberCountLimit: game.team_member_count_limit,
    containerCountLimit: game.container_count_limit,
    startTime: formatPackageTime(game.start_at),
    endTime: formatPackageTime(game.end_at),
    writeup: {
      required: game.writeup_required,
      deadline: formatPackageTime(game.writeup_deadline),
      note: game.writeup_note === '' ? null : game.writeup_note,
    },
    bloodBonus: game.blood_bonus === 0 ? null : bonus,
    posterHash: game.poster_hash,
    divisions: divisionSections(divisions),
    // Flagpole's additions, written only when set, so a game without a format gives the reference's layout.
    ...(game.flag_format ? { flagFormat: game.flag_format } : {}),
    ...(game.flag_format_check ? { flagFormatCheck: true } : {}),
    ...(game.freeze_at ? { freezeTime: formatPackageTime(game.freeze_at) } : {}),
    ...(game.individual ? { individual: true } : {}),
    ...(game.member_progress ? { memberProgress: true } : {}),
    ...(phases.length > 0
      ? { phases: phases.map((p) => ({ id: p.id, title: p.title, startTime: formatPackageTime(new Date(p.start)) })) }
      : {}),
  };
}

/** The name a download carries: the organiser's download name, else the name the file was uploaded under. */
function attachmentSection(attachment: ExportAttachment | undefined, downloadName: string | null) {
  if (!attachment || attachment.type === 'None') return null;
  return {
    type: attachment.type,
    hash: attachment.type === 'Local' ? attachment.fileHash : null,
    fileName: downloadName ?? attachment.fileName,
    fileSize: attachment.type === 'Local' ? attachment.fileSize : null,
    remoteUrl: attachment.type === 'Remote' ? attachment.remoteUrl : null,
  };
}

function challengeSection(
  c: ExportChallengeRow,
  flags: ExportFlagRow[],
  attachments: Map<number, ExportAttachment>,
  health: ExportHealthRow | undefined,
) {
  const attachmentOf = (id: number | null) =>
    attachmentSection(id === null ? undefined : attachments.get(id), c.file_name);
  return {
    id: c.id,
    title: c.title,
    content: c.content,
    category: (Categories.safeParse(c.category).data ?? 'Misc') as ChallengeCategory,
    type: c.type,
    enabled: c.is_enabled,
    scoring: { original: c.original_score, minRate: c.min_score_rate, difficulty: c.difficulty },
    limits: {
      submission: c.submission_limit,
      deadline: time(c.deadline_at),
      ...(c.release_at ? { release: time(c.release_at) } : {}),
    },
    flags: {
      disableBloodBonus: c.disable_blood_bonus,
      enableTrafficCapture: c.enable_traffic_capture,
      template: c.flag_template,
      static: flags.map((f) => ({
        value: f.flag,
        attachment: attachmentOf(f.attachment_id),
        ...(f.match_type === 'Exact' ? {} : { matchType: f.match_type }),
      })),
    },
    attachment: attachmentOf(c.attachment_id),
    hints: c.hints.length > 0 ? c.hints : null,
    container: isContainer(c.type)
      ? {
          image: c.container_image,
          memoryLimit: c.memory_limit,
          cpuCount: c.cpu_count,
          storageLimit: c.storage_limit,
          exposePort: c.expose_port,
          networkMode: c.network_mode,
          fileName: c.file_name,
          // Flagpole's addition, written only when set so single-image packages keep the reference's shape.
          ...(c.container_services?.length ? { services: c.container_services } : {}),
        }
      : null,
    // Flagpole's addition, written only when set: the challenge's phase by its id in game.json's `phases`.
    ...(c.phase_id === null ? {} : { phaseId: c.phase_id }),
    // Flagpole's addition, written only when there is one: the health check (its runs stay behind).
    ...(health
      ? {
          healthCheck: {
            image: health.image,
            script: health.script,
            timeoutSeconds: health.timeout_seconds,
            intervalSeconds: health.interval_seconds,
            enabled: health.enabled,
          },
        }
      : {}),
  };
}

/** A stored file's content, failing the download if it no longer matches its hash. */
async function* verified(stream: Readable, hash: string): AsyncIterable<Uint8Array> {
  const hasher = createHash('sha256');
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hasher.update(chunk);
    yield chunk;
  }
  if (hasher.digest('hex') !== hash) throw new Error(`stored file ${hash} does not match its hash`);
}

/** Builds game packages (the reference's layout; see package-format.ts and docs/game-transfer.md). */
export function createGameExportService(deps: { db: Db; files: FileStore; clock: Clock }) {
  const repo = createTransferRepository(deps.db);

  async function* submissionsJson(gameId: number): AsyncIterable<Uint8Array> {
    yield Buffer.from('[');
    let after: { at: Date; id: string } | null = null;
    let first = true;
    for (;;) {
      const page = await repo.submissionPage(gameId, after, SUBMISSION_PAGE);
      for (const s of page) {
        const item = {
          // The challenge's id, which is also its id in challenges/ of the same package.
          challengeId: s.challenge_id,
          team: s.team,
          user: s.user_name,
          answer: s.answer,
          status: s.status,
          submittedAt: formatPackageTime(s.submitted_at),
        };
        yield Buffer.from(`${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`);
        first = false;
      }
      const last = page.at(-1);
      if (!last || page.length < SUBMISSION_PAGE) break;
      after = { at: last.submitted_at, id: last.id };
    }
    yield Buffer.from(first ? ']\n' : '\n]\n');
  }

  return {
    /** The package as a stream and its download name; 404 for an unknown game. */
    async export(
      gameId: number,
      include: ReadonlySet<GameExportPart>,
    ): Promise<{ stream: Readable; disposition: string }> {
      const found = await repo.game(gameId);
      if (!found) throw notFound('error.gameNotFound');
      const game = found;
      const [challenges, flags, notices, divisions, phases] = await Promise.all([
        repo.challenges(gameId),
        repo.flags(gameId),
        repo.normalNotices(gameId),
        createDivisionRepository(deps.db).listWithConfigs(gameId),
        createGamePhaseRepository(deps.db).list(gameId),
      ]);
      const attachmentIds = [
        ...challenges.flatMap((c) => (c.attachment_id === null ? [] : [c.attachment_id])),
        ...flags.flatMap((f) => (f.attachment_id === null ? [] : [f.attachment_id])),
      ];
      const attachments = await repo.attachments(attachmentIds);
      const flagsOf = new Map<number, ExportFlagRow[]>();
      for (const flag of flags) flagsOf.set(flag.challenge_id, [...(flagsOf.get(flag.challenge_id) ?? []), flag]);
      const healthOf = new Map((await repo.healthChecks(gameId)).map((h) => [h.challenge_id, h]));
      const hintsOf = await lockedHintSections(deps.db, gameId);
      const prerequisitesOf = await prerequisiteSections(deps.db, gameId);
      const sections = challenges.map((c) => ({
        ...challengeSection(c, flagsOf.get(c.id) ?? [], attachments, healthOf.get(c.id)),
        // Flagpole's additions, written only when the challenge has locked hints or prerequisites.
        ...(hintsOf.has(c.id) ? { lockedHints: hintsOf.get(c.id) } : {}),
        ...(prerequisitesOf.has(c.id) ? { prerequisites: prerequisitesOf.get(c.id) } : {}),
      }));

      const hashes = new Set<string>();
      if (game.poster_hash) hashes.add(game.poster_hash);
      for (const a of attachments.values()) if (a.type === 'Local' && a.fileHash) hashes.add(a.fileHash);
      const sorted = [...hashes].sort();
      const sizes = await repo.fileSizes(sorted);
      for (const hash of sorted) {
        if (!sizes.has(hash) || !(await deps.files.hasBytes(hash))) {
          throw new AppError(409, 'error.exportFileMissing', { hash });
        }
      }

      const now = deps.clock.now();
      const gameJson = gameSection(game, divisions, phases);
      const manifest = {
        version: PACKAGE_VERSION,
        format: PACKAGE_FORMAT,
        exportedAt: formatPackageTime(now),
        exporterVersion: EXPORTER_VERSION,
        game: { id: game.id, title: game.title },
        statistics: {
          challengeCount: sections.length,
          divisionCount: gameJson.divisions.length,
          totalFlags: sections.reduce((n, c) => n + (c.flags.template ? 1 : 0) + c.flags.static.length, 0),
          totalFiles: sorted.length,
          totalFileSize: sorted.reduce((n, h) => n + (sizes.get(h) ?? 0), 0),
        },
      };
      const noticesJson = notices.map((n) => ({
        content: n.values[0] ?? '',
        publishedAt: formatPackageTime(n.published_at),
      }));

      const files = deps.files;
      async function* entries(): AsyncIterable<ZipEntry> {
        yield { name: MANIFEST_ENTRY, content: json(manifest), deflate: true };
        yield { name: GAME_ENTRY, content: json(gameJson), deflate: true };
        yield { name: NOTICES_ENTRY, content: json(noticesJson), deflate: true };
        if (include.has('secrets')) {
          yield {
            name: SECRETS_ENTRY,
            content: json({ publicKey: game.public_key, privateKey: game.private_key }),
            deflate: true,
          };
        }
        if (include.has('teams')) {
          const teams = (await repo.participations(gameId)).map((p) => ({
            team: p.team,
            status: p.status,
            divisionId: p.divisionId,
            joinedAt: formatPackageTime(p.joinedAt),
            members: p.members,
          }));
          yield { name: TEAMS_ENTRY, content: json(teams), deflate: true };
          // Awards name their team, so they travel with the teams (archive only, as teams.json).
          yield { name: AWARDS_ENTRY, content: json(await awardSections(deps.db, gameId)), deflate: true };
        }
        if (include.has('submissions')) {
          yield { name: SUBMISSIONS_ENTRY, content: submissionsJson(gameId), deflate: true };
        }
        for (const section of sections)
          yield { name: challengeEntry(section.id), content: json(section), deflate: true };
        for (const hash of sorted) {
          const { stream } = await files.open(hash);
          yield { name: fileEntry(hash), content: verified(stream, hash), deflate: false };
        }
      }

      const fileName = `${titleForFileName(game.title)}-export-${exportStamp(now)}.zip`;
      return { stream: zipStream(entries(), now), disposition: attachmentDisposition(fileName) };
    },
  };
}
export type GameExportService = ReturnType<typeof createGameExportService>;
