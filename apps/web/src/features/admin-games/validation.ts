import { gameLimits } from '@flagpole/contract';
import { fromLocalInput } from './datetime';

type AdminGamesValidationKey =
  | 'adminGames.validation.required'
  | 'adminGames.validation.tooLong'
  | 'adminGames.validation.dateTime'
  | 'adminGames.validation.endBeforeStart'
  | 'adminGames.validation.freezeOutside'
  | 'adminGames.validation.range'
  | 'adminGames.validation.integer'
  | 'adminGames.validation.url';

export type AdminGamesTranslate = (key: AdminGamesValidationKey, options?: Record<string, unknown>) => string;

export function requiredText(t: AdminGamesTranslate, max: number) {
  return (value: string) => {
    if (!value.trim()) return t('adminGames.validation.required');
    return value.length > max ? t('adminGames.validation.tooLong', { count: max }) : null;
  };
}

export function maxLength(t: AdminGamesTranslate, max: number) {
  return (value: string | null | undefined) =>
    (value ?? '').length > max ? t('adminGames.validation.tooLong', { count: max }) : null;
}

export function validateDateTime(t: AdminGamesTranslate) {
  return (value: string) => (fromLocalInput(value) === null ? t('adminGames.validation.dateTime') : null);
}

/** For the end field: a valid time strictly after `start`. */
export function validateEnd(t: AdminGamesTranslate) {
  return (value: string, values: { start: string }) => {
    const end = fromLocalInput(value);
    if (end === null) return t('adminGames.validation.dateTime');
    const start = fromLocalInput(values.start);
    return start !== null && end <= start ? t('adminGames.validation.endBeforeStart') : null;
  };
}

/** For the scoreboard freeze: empty (none) or a valid time between the start and the end, both included. */
export function validateFreeze(t: AdminGamesTranslate) {
  return (value: string, values: { start: string; end: string }) => {
    if (value.trim() === '') return null;
    const freeze = fromLocalInput(value);
    if (freeze === null) return t('adminGames.validation.dateTime');
    const start = fromLocalInput(values.start);
    const end = fromLocalInput(values.end);
    if (start === null || end === null) return null;
    return freeze < start || freeze > end ? t('adminGames.validation.freezeOutside') : null;
  };
}

/** A number in [min, max]; `integer` also requires a whole number; empty is allowed only when `optional`. */
export function validateNumber(
  t: AdminGamesTranslate,
  { min, max, integer = false, optional = false }: { min: number; max: number; integer?: boolean; optional?: boolean },
) {
  return (value: number | string | null | undefined) => {
    if (value === '' || value === null || value === undefined) {
      return optional ? null : t('adminGames.validation.required');
    }
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number) || number < min || number > max) return t('adminGames.validation.range', { min, max });
    if (integer && !Number.isInteger(number)) return t('adminGames.validation.integer');
    return null;
  };
}

export function validateRemoteUrl(t: AdminGamesTranslate) {
  return (value: string) => (isHttpUrl(value) ? null : t('adminGames.validation.url'));
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && value.trim().length <= 2048;
  } catch {
    return false;
  }
}

export interface ParsedFlags {
  /** Distinct flags in input order. */
  flags: string[];
  /** Lines longer than the flag limit (trimmed), reported instead of sent. */
  tooLong: string[];
}

/** One flag per line: blank lines skipped, surrounding spaces trimmed, duplicates dropped. */
export function parseFlagLines(text: string): ParsedFlags {
  const flags: string[] = [];
  const tooLong: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const flag = line.trim();
    if (!flag || seen.has(flag)) continue;
    seen.add(flag);
    if (flag.length > gameLimits.flag.max) tooLong.push(flag);
    else flags.push(flag);
  }
  return { flags, tooLong };
}

/** The hints to save: trimmed, blanks removed. */
export function cleanHints(hints: readonly string[]): string[] {
  return hints.map((hint) => hint.trim()).filter((hint) => hint.length > 0);
}
