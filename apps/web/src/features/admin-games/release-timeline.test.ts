import { describe, expect, it } from 'vitest';
import { releaseTimeline } from './release-timeline';

const challenge = (id: number, releaseUtc: number | null, deadlineUtc: number | null, isEnabled = true) => ({
  id,
  title: `C${id}`,
  isEnabled,
  releaseUtc,
  deadlineUtc,
});

describe('releaseTimeline', () => {
  it('lists releases and deadlines in time order, marking what has come', () => {
    const list = releaseTimeline(
      [challenge(1, 300, 900), challenge(2, null, 500), challenge(3, 100, null, false)],
      400,
    );
    expect(list.map((e) => [e.time, e.challengeId, e.kind, e.past, e.enabled])).toEqual([
      [100, 3, 'release', true, false],
      [300, 1, 'release', true, true],
      [500, 2, 'deadline', false, true],
      [900, 1, 'deadline', false, true],
    ]);
  });

  it('puts a release before a deadline at the same time; a release is out at its instant, a deadline after it', () => {
    const list = releaseTimeline([challenge(2, null, 500), challenge(1, 500, null)], 500);
    expect(list.map((e) => [e.kind, e.past])).toEqual([
      ['release', true],
      ['deadline', false],
    ]);
  });

  it('is empty for challenges without either', () => {
    expect(releaseTimeline([challenge(1, null, null)], 0)).toEqual([]);
  });
});
