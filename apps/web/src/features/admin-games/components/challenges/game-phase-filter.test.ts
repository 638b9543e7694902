import type { ChallengeInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { filterByGamePhase } from './game-phase-filter';

describe('filterByGamePhase', () => {
  const challenge = (title: string, phaseId: number | null | undefined) =>
    ({ title, phaseId }) as unknown as ChallengeInfoModel;
  const list = [challenge('A', 1), challenge('B', 2), challenge('C', null), challenge('D', undefined)];
  it('keeps every challenge, one phase’s, or those without a phase (a server without phases sends none)', () => {
    expect(filterByGamePhase(list, 'all').map((c) => c.title)).toEqual(['A', 'B', 'C', 'D']);
    expect(filterByGamePhase(list, '2').map((c) => c.title)).toEqual(['B']);
    expect(filterByGamePhase(list, 'none').map((c) => c.title)).toEqual(['C', 'D']);
  });
});
