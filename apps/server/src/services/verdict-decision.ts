import { constantTimeEqual } from '../lib/crypto';
import type { JudgeRepository, PendingSubmission, Verdict } from '../repositories/judge.repository';
import type { FlagCache } from './flag-cache';
import { EMPTY_MATCHER, matchesFlag } from './flag-match';

export const isDynamic = (type: PendingSubmission['challengeType']) =>
  type === 'DynamicAttachment' || type === 'DynamicContainer';

/**
 * The verdicts of a batch: each answer against its candidate flags (static flags, or the team's own dynamic
 * flag: a team without one gets NotFound), then the cheat check of wrong answers to dynamic challenges.
 */
export async function decideVerdicts(
  pending: readonly PendingSubmission[],
  flags: FlagCache,
  repository: Pick<JudgeRepository, 'ownedFlagsMatching'>,
): Promise<Verdict[]> {
  const queries = pending.map((s) => ({
    gameId: s.gameId,
    challengeId: s.challengeId,
    participationId: isDynamic(s.challengeType) ? s.participationId : null,
  }));
  const candidates = await flags.flagsFor(queries);
  const verdicts: Verdict[] = pending.map((submission, index) => {
    const query = queries[index] as (typeof queries)[number];
    const matcher = candidates.get(flags.key(query)) ?? EMPTY_MATCHER;
    if (query.participationId !== null && matcher.size === 0) return { submission, status: 'NotFound' };
    return { submission, status: matchesFlag(submission.answer, matcher) ? 'Accepted' : 'WrongAnswer' };
  });
  await detectCheats(verdicts, repository);
  return verdicts;
}

/**
 * A wrong answer to a dynamic challenge that is another team's flag of the same challenge is CheatDetected.
 * A team that never opened the challenge (so holds no flag of it) is checked too: copying a flag without
 * looking at the challenge is still copying.
 */
async function detectCheats(
  verdicts: Verdict[],
  repository: Pick<JudgeRepository, 'ownedFlagsMatching'>,
): Promise<void> {
  const suspects = verdicts.filter(
    (v) => (v.status === 'WrongAnswer' || v.status === 'NotFound') && isDynamic(v.submission.challengeType),
  );
  if (suspects.length === 0) return;
  const sources = await repository.ownedFlagsMatching(
    [...new Set(suspects.map((v) => v.submission.challengeId))],
    [...new Set(suspects.map((v) => v.submission.answer))],
  );
  for (const v of suspects) {
    const source = sources.find(
      (s) =>
        s.challengeId === v.submission.challengeId &&
        s.participationId !== v.submission.participationId &&
        constantTimeEqual(s.flag, v.submission.answer),
    );
    if (source) {
      v.status = 'CheatDetected';
      v.source = source;
    }
  }
}
