import type { ParticipationStatus } from '@flagpole/contract';

export type ReviewAction = 'accept' | 'reject' | 'suspend' | 'reaccept';

export interface ReviewTransition {
  action: ReviewAction;
  to: ParticipationStatus;
}

const TRANSITIONS: Record<ParticipationStatus, readonly ReviewTransition[]> = {
  Pending: [
    { action: 'accept', to: 'Accepted' },
    { action: 'reject', to: 'Rejected' },
  ],
  Accepted: [{ action: 'suspend', to: 'Suspended' }],
  Suspended: [{ action: 'reaccept', to: 'Accepted' }],
  // Rejected is final for the organiser: the team may apply again, which makes it Pending.
  Rejected: [],
  Unsubmitted: [],
};

/** The review buttons offered for a participation in this status. */
export function reviewActions(status: ParticipationStatus): readonly ReviewTransition[] {
  return TRANSITIONS[status];
}

export const STATUS_COLORS: Record<ParticipationStatus, string> = {
  Pending: 'yellow',
  Accepted: 'teal',
  Rejected: 'red',
  Suspended: 'orange',
  Unsubmitted: 'gray',
};
