import type { ChallengeInfoModel } from '@flagpole/contract';

/** One moment of a game's timeline: a challenge's release or its deadline. */
export interface TimelineEntry {
  time: number;
  challengeId: number;
  title: string;
  kind: 'release' | 'deadline';
  /** Whether it has come at `now`. */
  past: boolean;
  /** A release of a disabled challenge shows nothing to players until it is enabled. */
  enabled: boolean;
}

/**
 * The releases and deadlines of a game's challenges in time order (docs/game-play.md, "Timed release"); at equal
 * times a release comes before a deadline, then by challenge id, so the list reads the same on every render.
 */
export function releaseTimeline(
  challenges: readonly Pick<ChallengeInfoModel, 'id' | 'title' | 'isEnabled' | 'releaseUtc' | 'deadlineUtc'>[],
  now: number,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const c of challenges) {
    const base = { challengeId: c.id, title: c.title, enabled: c.isEnabled };
    if (c.releaseUtc !== null && c.releaseUtc !== undefined) {
      entries.push({ ...base, time: c.releaseUtc, kind: 'release', past: now >= c.releaseUtc });
    }
    if (c.deadlineUtc !== null)
      entries.push({ ...base, time: c.deadlineUtc, kind: 'deadline', past: now > c.deadlineUtc });
  }
  const order = { release: 0, deadline: 1 };
  return entries.sort((a, b) => a.time - b.time || order[a.kind] - order[b.kind] || a.challengeId - b.challengeId);
}
