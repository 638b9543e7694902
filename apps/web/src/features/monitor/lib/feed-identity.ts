import type { GameEvent, Submission } from '@flagpole/contract';

// Neither events nor submissions carry an id on the wire; these fields together tell two apart. A
// submission's verdict is left out: the live copy of a submission replaces its "being judged" history row.
const SEPARATOR = '\u0000';

export function submissionIdentity(item: Submission): string {
  return [item.time, item.team, item.user, item.challenge, item.answer].join(SEPARATOR);
}

export function eventIdentity(item: GameEvent): string {
  return [item.time, item.type, item.team, item.user, ...item.values].join(SEPARATOR);
}
