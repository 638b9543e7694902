export type GamePhase = 'upcoming' | 'running' | 'ended';

/** Where a game stands at `now`: before its start, inside [start, end), or at/after its end. */
export function gamePhase(start: number, end: number, now: number): GamePhase {
  if (now < start) return 'upcoming';
  if (now < end) return 'running';
  return 'ended';
}

/** Elapsed share of the game in percent, clamped to 0..100 (100 for a game with no length). */
export function gameProgress(start: number, end: number, now: number): number {
  if (end <= start) return now >= start ? 100 : 0;
  const share = ((now - start) / (end - start)) * 100;
  return Math.min(100, Math.max(0, share));
}

/** The moment the countdown runs to: the start while upcoming, the end while running, none after. */
export function countdownTarget(start: number, end: number, now: number): number | null {
  const phase = gamePhase(start, end, now);
  if (phase === 'upcoming') return start;
  if (phase === 'running') return end;
  return null;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a non-negative duration into days, hours, minutes and whole seconds (rounded down). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `HH:MM:SS`, prefixed with the day count (`3d 04:05:06`) when a day or more is left. */
export function formatCountdown(ms: number, dayUnit = 'd'): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}${dayUnit} ${clock}` : clock;
}

/** A player may open the board when accepted, the game has started, and it is running or in practice mode. */
export function canOpenChallenges(status: string, phase: GamePhase, practiceMode: boolean): boolean {
  if (status !== 'Accepted') return false;
  if (phase === 'upcoming') return false;
  return phase === 'running' || practiceMode;
}

/**
 * Organisers may look at the board without a team (the server's preview, docs/game-play.md): admins at any time,
 * monitors once the game has started.
 */
export function canPreviewBoard(role: string | undefined, phase: GamePhase): boolean {
  if (role === 'Admin') return true;
  return role === 'Monitor' && phase !== 'upcoming';
}

/** Split a list of games by phase, keeping each group's order. */
export function groupByPhase<T extends { start: number; end: number }>(
  games: readonly T[],
  now: number,
): Record<GamePhase, T[]> {
  const groups: Record<GamePhase, T[]> = { upcoming: [], running: [], ended: [] };
  for (const game of games) groups[gamePhase(game.start, game.end, now)].push(game);
  return groups;
}
