import { describe, expect, it } from 'vitest';
import { fromLocalInput } from '../../datetime';
import { emptyLockedHint, lockedHintBody } from './locked-hint-form';

const filled = { ...emptyLockedHint, title: ' Where to look ', content: 'Read the **headers**.' };

describe('locked hint form', () => {
  it('needs a title and content', () => {
    expect(lockedHintBody(emptyLockedHint)).toBe('title');
    expect(lockedHintBody({ ...emptyLockedHint, title: 'x' })).toBe('content');
  });

  it('sends a points hint with its cost and whether it may go below zero', () => {
    expect(lockedHintBody(filled)).toBe('cost');
    expect(lockedHintBody({ ...filled, cost: 0 })).toBe('cost');
    expect(lockedHintBody({ ...filled, cost: 50, allowNegative: true, requiresHintId: '7' })).toEqual({
      title: 'Where to look',
      content: 'Read the **headers**.',
      kind: 'Points',
      cost: 50,
      freeAt: null,
      allowNegative: true,
      requiresHintId: 7,
    });
  });

  it('takes a reward share of 1 to 100 percent, never below zero', () => {
    expect(lockedHintBody({ ...filled, kind: 'RewardShare', cost: 120 })).toBe('cost');
    expect(lockedHintBody({ ...filled, kind: 'RewardShare', cost: 30, allowNegative: true })).toMatchObject({
      kind: 'RewardShare',
      cost: 30,
      allowNegative: false,
    });
  });

  it('opens a free-after hint at a date and time, at no cost', () => {
    expect(lockedHintBody({ ...filled, kind: 'FreeAfter', cost: 40 })).toBe('freeAt');
    const freeAt = '2030-05-01T12:00';
    expect(lockedHintBody({ ...filled, kind: 'FreeAfter', cost: 40, freeAt })).toMatchObject({
      kind: 'FreeAfter',
      cost: 0,
      freeAt: fromLocalInput(freeAt),
    });
  });
});
