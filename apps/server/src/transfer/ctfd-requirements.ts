import { type ImportNote, type ImportNoteKind, MAX_PREREQUISITES } from '@flagpole/contract';
import type { CtfdChallenge } from './ctfd-format';
import type { PlanChallenge, PlanPrerequisites } from './import-plan';
import { prerequisiteGraphProblem } from './transfer-prerequisites';

/*
 * CTFd's challenge requirements (issue 28): `{"prerequisites": [challenge ids], "anonymize": bool}` on a
 * challenge row. CTFd opens the challenge once all of them are solved; until then, with `anonymize`, it lists it
 * as a locked "???" entry, otherwise not at all. Flagpole's prerequisites say the same: all-of, locked or hidden.
 */

/** CTFd's `requirements` (an object or its JSON text); anything else reads as none. */
export function requirementsOf(requirements: unknown): { prerequisites?: unknown; anonymize?: unknown } | null {
  let value = requirements;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' ? (value as { prerequisites?: unknown; anonymize?: unknown }) : null;
}

/**
 * A challenge's CTFd requirements as prerequisites: CTFd unlocks a challenge once every challenge of
 * `prerequisites` is solved (all of them), and until then lists it anonymised ("???", locked) when `anonymize`
 * is true, else not at all (hidden). Ids that name no challenge of the export (or itself) are left out and noted.
 */
export function prerequisitesOf(
  row: CtfdChallenge,
  challengeIds: ReadonlySet<number>,
  note: (kind: ImportNoteKind, detail?: string) => void,
): PlanPrerequisites | null {
  const requirements = requirementsOf(row.requirements);
  const listed = Array.isArray(requirements?.prerequisites) ? requirements.prerequisites : [];
  const required: number[] = [];
  for (const id of listed) {
    const usable = typeof id === 'number' && challengeIds.has(id) && id !== row.id && !required.includes(id);
    if (usable && required.length < MAX_PREREQUISITES) required.push(id);
    else note('requirementsDropped', String(id));
  }
  if (required.length === 0) return null;
  return { requiredSourceIds: required, count: null, hidden: requirements?.anonymize !== true };
}

/** CTFd does not refuse cyclic requirements (such challenges never open); each rule closing a cycle is dropped. */
export function dropCycles(challenges: PlanChallenge[], notes: ImportNote[]): void {
  for (;;) {
    const rules = new Map(challenges.map((c) => [c.sourceId, c.prerequisites?.requiredSourceIds ?? []]));
    const problem = prerequisiteGraphProblem(rules);
    const challenge = problem && challenges.find((c) => c.sourceId === problem.challenge);
    if (!challenge) return;
    notes.push({ challenge: challenge.title, kind: 'requirementsDropped', detail: 'cycle' });
    challenge.prerequisites = null;
  }
}
