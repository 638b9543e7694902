import type { Db } from '../db/database';
import { createHintRepository } from '../repositories/hint.repository';
import { createPendingAwardRepository } from '../repositories/pending-award.repository';
import { createPrerequisiteRepository } from '../repositories/prerequisite.repository';
import type { PlanChallenge } from './import-plan';
import { formatPackageTime } from './package-format';

/*
 * Prerequisites and awards in game packages (issue 28; docs/game-transfer.md). A challenge's prerequisites name
 * other challenges by their `id` in the same package, so an import maps them to the new challenges; awards name
 * their team, which an import never brings, so an import keeps them pending under that name (import-awards.ts).
 */

/** Each challenge's prerequisites as a package section, by challenge id (ids are the package's own). */
export async function prerequisiteSections(db: Db, gameId: number) {
  const rules = await createPrerequisiteRepository(db).rulesOfGame(gameId);
  return new Map(
    [...rules].map(([id, rule]) => [
      id,
      { challengeIds: [...rule.requiredIds], count: rule.count, hidden: rule.hidden },
    ]),
  );
}

/**
 * The game's awards and penalties for awards.json: the team by name and id, who gave it by user name; then the
 * imported ones still waiting for their team (`pending: true`, no team id), so a re-export keeps them.
 */
export async function awardSections(db: Db, gameId: number) {
  const [awards, pending] = await Promise.all([
    createHintRepository(db).awardList(gameId),
    createPendingAwardRepository(db).list(gameId),
  ]);
  return [
    ...awards.map((award) => ({
      team: award.teamName,
      teamId: award.teamId,
      points: award.points,
      reason: award.reason,
      countsForTieBreak: award.countsForTieBreak,
      createdAt: formatPackageTime(new Date(award.createdAt)),
      createdBy: award.createdBy,
      pending: false,
    })),
    ...pending.map((award) => ({
      team: award.teamName,
      teamId: null,
      points: award.points,
      reason: award.reason,
      countsForTieBreak: award.countsForTieBreak,
      createdAt: formatPackageTime(award.createdAt),
      createdBy: null,
      pending: true,
    })),
  ];
}

export type PrerequisiteGraphProblem =
  | { kind: 'self'; challenge: number }
  | { kind: 'unknown'; challenge: number; id: number }
  | { kind: 'cycle'; challenge: number };

/**
 * The first problem of a whole set of prerequisite rules (challenge → the challenges it requires, by source id):
 * a challenge requiring itself, one naming a challenge not in the set, or a cycle. Null when all may be saved.
 */
export function prerequisiteGraphProblem(
  rules: ReadonlyMap<number, readonly number[]>,
): PrerequisiteGraphProblem | null {
  for (const [challenge, required] of rules) {
    if (required.includes(challenge)) return { kind: 'self', challenge };
    const unknown = required.find((id) => !rules.has(id));
    if (unknown !== undefined) return { kind: 'unknown', challenge, id: unknown };
  }
  // Depth-first search with three colours: meeting a challenge still on the path closes a cycle.
  const state = new Map<number, 'open' | 'done'>();
  const visit = (id: number): boolean => {
    const seen = state.get(id);
    if (seen === 'open') return true;
    if (seen === 'done') return false;
    state.set(id, 'open');
    for (const next of rules.get(id) ?? []) if (visit(next)) return true;
    state.set(id, 'done');
    return false;
  };
  for (const challenge of rules.keys()) if (visit(challenge)) return { kind: 'cycle', challenge };
  return null;
}

/** Inserts the plan's prerequisites once every challenge exists, mapping source ids to the new challenges. */
export async function insertPrerequisites(
  trx: Db,
  challenges: readonly PlanChallenge[],
  newChallengeId: ReadonlyMap<number, number>,
): Promise<void> {
  const repo = createPrerequisiteRepository(trx);
  for (const challenge of challenges) {
    const rule = challenge.prerequisites;
    const id = newChallengeId.get(challenge.sourceId);
    if (!rule || rule.requiredSourceIds.length === 0 || id === undefined) continue;
    const requiredIds = rule.requiredSourceIds.flatMap((source) => {
      const mapped = newChallengeId.get(source);
      return mapped === undefined ? [] : [mapped];
    });
    await repo.replace(id, { requiredIds, count: rule.count, hidden: rule.hidden });
  }
}
