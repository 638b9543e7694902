import { type AwardCreateModel, hintLimits, type ParticipationInfoModel } from '@flagpole/contract';

/*
 * The give/take form's rules (issue 28): a team, a whole number of points other than 0 within the contract's
 * limit (negative takes points), a reason; the body is sent only when all hold.
 */

export interface AwardFormValues {
  teamId: string | null;
  /** Signed points as typed ('' before anything is typed). */
  points: number | '';
  reason: string;
  countsForTieBreak: boolean;
}

export const emptyAward: AwardFormValues = { teamId: null, points: '', reason: '', countsForTieBreak: false };

export type AwardFormError = 'team' | 'points' | 'reason';

/** The body to send, or the first field that is not filled in correctly. */
export function awardBody(values: AwardFormValues): AwardCreateModel | AwardFormError {
  const teamId = Number(values.teamId);
  if (!values.teamId || !Number.isInteger(teamId) || teamId <= 0) return 'team';
  const { points } = values;
  if (points === '' || !Number.isInteger(points) || points === 0 || Math.abs(points) > hintLimits.award.max) {
    return 'points';
  }
  const reason = values.reason.trim();
  if (!reason || reason.length > hintLimits.reason.max) return 'reason';
  return { teamId, points, reason, countsForTieBreak: values.countsForTieBreak };
}

/** Teams that may be given points: those accepted into the game, by name. */
export function awardTeamOptions(participations: readonly ParticipationInfoModel[]) {
  return participations
    .filter((participation) => participation.status === 'Accepted')
    .map((participation) => ({ value: String(participation.team.id), label: participation.team.name ?? '' }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
