/*
 * Timed release (docs/game-play.md, "Timed release"). A challenge may name the instant it appears to players
 * (`release`, Unix ms; null: as soon as it is enabled). Before it the challenge does not exist for anyone but
 * organisers: every player-facing view is read from the scoreboard, whose computation leaves unreleased challenges
 * out, and the play routes check the same rule on the challenge row, so no view can show its title early.
 */

/** Whether a challenge with release instant `release` is out at `now` (Unix ms); the instant itself is out. */
export function isReleased(release: number | null | undefined, now: number): boolean {
  return release === null || release === undefined || now >= release;
}

/** Whether players see a challenge at `now`: enabled and released. */
export function isPlayable(challenge: { enabled: boolean; release?: number | null }, now: number): boolean {
  return challenge.enabled && isReleased(challenge.release, now);
}

/** The earliest release still ahead of `now` among `releases`; null when none is. */
export function nextRelease(releases: Iterable<number | null | undefined>, now: number): number | null {
  let next: number | null = null;
  for (const release of releases) {
    if (release === null || release === undefined || release <= now) continue;
    if (next === null || release < next) next = release;
  }
  return next;
}

/** Which challenges with a release are out at `now`, in one string: a board computed at another `now` may differ. */
export function releasedKey(challenges: readonly { id: number; release?: number | null }[], now: number): string {
  let key = '';
  for (const challenge of challenges) {
    if (challenge.release !== null && challenge.release !== undefined && now >= challenge.release)
      key += `${challenge.id},`;
  }
  return key;
}
