import type { ParticipationInfoModel, ParticipationStatus } from '@flagpole/contract';

/** What happened to one entry of a bulk review: done, or refused with the server's reason. */
export interface BulkReviewOutcome {
  id: number;
  team: string;
  done: boolean;
  reason: string | null;
}

/** The entries a bulk review acts on: the shown ones still waiting for review. */
export function pendingOf(shown: readonly ParticipationInfoModel[]): ParticipationInfoModel[] {
  return shown.filter((item) => item.status === 'Pending');
}

/**
 * Reviews each entry in turn, moving it to `to`. A refused entry (say another organiser rejected it meanwhile)
 * does not stop the others: each outcome names the team and, when refused, why, so nothing fails silently.
 */
export async function reviewEach(
  entries: readonly ParticipationInfoModel[],
  to: ParticipationStatus,
  review: (entry: ParticipationInfoModel, to: ParticipationStatus) => Promise<void>,
  reasonOf: (error: unknown) => string,
): Promise<BulkReviewOutcome[]> {
  const outcomes: BulkReviewOutcome[] = [];
  for (const entry of entries) {
    const team = entry.team.name ?? `#${entry.id}`;
    try {
      await review(entry, to);
      outcomes.push({ id: entry.id, team, done: true, reason: null });
    } catch (error) {
      outcomes.push({ id: entry.id, team, done: false, reason: reasonOf(error) });
    }
  }
  return outcomes;
}
