import { describe, expect, it } from 'vitest';
import { reviewActions } from './participation';

describe('reviewActions', () => {
  it('offers accept and reject for a pending team', () => {
    expect(reviewActions('Pending')).toEqual([
      { action: 'accept', to: 'Accepted' },
      { action: 'reject', to: 'Rejected' },
    ]);
  });

  it('offers suspend for an accepted team', () => {
    expect(reviewActions('Accepted')).toEqual([{ action: 'suspend', to: 'Suspended' }]);
  });

  it('offers re-accept for a suspended team', () => {
    expect(reviewActions('Suspended')).toEqual([{ action: 'reaccept', to: 'Accepted' }]);
  });

  it('offers nothing for rejected and unsubmitted', () => {
    expect(reviewActions('Rejected')).toEqual([]);
    expect(reviewActions('Unsubmitted')).toEqual([]);
  });
});
