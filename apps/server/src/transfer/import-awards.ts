import { hintLimits, type ImportNote } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { ZipArchive } from '../lib/zip-reader';
import { createPendingAwardRepository } from '../repositories/pending-award.repository';
import { parseWith, readJsonEntry } from './archive-json';
import type { PlanAward } from './import-plan';
import { AWARDS_ENTRY, AwardsSection } from './package-format';

/*
 * Awards through imports (issue 28; docs/game-transfer.md, "Awards"). An import creates no teams, so every award it
 * brings is stored pending under its team's exact name and applied when an entry of a team of that name is
 * accepted in the new game (services/pending-awards.ts). Awards of 0 points are skipped: the award rule refuses them.
 */

/** A reason as the award rule holds it: one line without control characters, at most the reason limit. */
export function awardReason(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced here.
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return Array.from(line).slice(0, hintLimits.reason.max).join('').trim();
}

/** The awards of a game package's awards.json (absent: none) and how many were skipped for 0 points. */
export async function readPackageAwards(archive: ZipArchive): Promise<{ awards: PlanAward[]; skipped: number }> {
  if (!archive.file(AWARDS_ENTRY)) return { awards: [], skipped: 0 };
  const rows = parseWith(AwardsSection.nullable(), await readJsonEntry(archive, AWARDS_ENTRY), AWARDS_ENTRY) ?? [];
  const awards = rows.flatMap((row): PlanAward[] =>
    row.points === 0
      ? []
      : [
          {
            teamName: row.team,
            points: row.points,
            reason: awardReason(row.reason) || '-',
            countsForTieBreak: row.countsForTieBreak,
            createdAt: row.createdAt,
          },
        ],
  );
  return { awards, skipped: rows.length - awards.length };
}

/** A CTFd award row with the columns read here. */
export interface CtfdAwardRow {
  id: number;
  user_id?: number | null;
  team_id?: number | null;
  name?: string | null;
  description?: string | null;
  value?: number | null;
  date?: string | null;
}

/**
 * CTFd's awards as pending awards: in team mode an award names its team (its user is the team-mate it was given
 * through), in user mode only its user, whose name names their entry in a solo game. CTFd ranks equal scores by
 * the latest solve or award, so each counts for tie-breaks. Skipped, with a note: 0 points, or no known owner.
 */
export function planCtfdAwards(
  rows: readonly CtfdAwardRow[],
  names: { teams: ReadonlyMap<number, string>; users: ReadonlyMap<number, string> },
  time: (value: string | null | undefined) => Date | null,
  now: Date,
): { awards: PlanAward[]; notes: ImportNote[] } {
  const awards: PlanAward[] = [];
  const notes: ImportNote[] = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const title = awardReason(row.name ?? '') || awardReason(row.description ?? '') || `Award ${row.id}`;
    const owner =
      row.team_id != null ? names.teams.get(row.team_id) : row.user_id != null ? names.users.get(row.user_id) : null;
    const points = Math.max(-hintLimits.award.max, Math.min(hintLimits.award.max, row.value ?? 0));
    if (points === 0) {
      notes.push({ challenge: null, kind: 'awardSkipped', detail: `${title}: 0` });
      continue;
    }
    const teamName = owner?.trim();
    if (!teamName) {
      notes.push({ challenge: null, kind: 'awardSkipped', detail: title });
      continue;
    }
    awards.push({ teamName, points, reason: title, countsForTieBreak: true, createdAt: time(row.date) ?? now });
  }
  return { awards, notes };
}

/** Inside the import's transaction: the plan's awards, pending for the new game. */
export async function insertPendingAwards(trx: Db, gameId: number, awards: readonly PlanAward[] = []): Promise<void> {
  const repo = createPendingAwardRepository(trx);
  // In slices: one statement per award would be slow, one for 100,000 would pass PostgreSQL's parameter limit.
  for (let i = 0; i < awards.length; i += 1000) await repo.insertMany(gameId, awards.slice(i, i + 1000));
}
