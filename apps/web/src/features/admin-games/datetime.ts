const pad = (value: number) => String(value).padStart(2, '0');

/** Unix milliseconds → the `YYYY-MM-DDTHH:mm` value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value → Unix milliseconds, or null when empty or malformed. */
export function fromLocalInput(value: string): number | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  if (date.getMonth() !== (month ?? 1) - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

export type GamePhase = 'upcoming' | 'running' | 'ended';

export function gamePhase(start: number, end: number, now: number): GamePhase {
  if (now < start) return 'upcoming';
  return now < end ? 'running' : 'ended';
}
