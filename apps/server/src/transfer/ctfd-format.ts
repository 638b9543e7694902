import type { ChallengeCategory } from '@flagpole/contract';
import { z } from 'zod';

/**
 * CTFd's export (Admin → Backup): a zip with one JSON file per database table under `db/` and the uploaded
 * files under `uploads/<folder>/<name>` (`files.location` is `<folder>/<name>`). Each table file is
 * `{"count": n, "results": [rows], "meta": {}}`; a table without rows is an empty file. Times are ISO-8601 without
 * an offset (UTC). Only the tables and columns read here are described; the rest of a row is ignored.
 */

export const CTFD_CHALLENGES = 'db/challenges.json';
export const CTFD_DYNAMIC = 'db/dynamic_challenge.json';
export const CTFD_FLAGS = 'db/flags.json';
export const CTFD_HINTS = 'db/hints.json';
export const CTFD_FILES = 'db/files.json';
export const CTFD_TAGS = 'db/tags.json';
export const CTFD_CONFIG = 'db/config.json';
export const CTFD_NOTIFICATIONS = 'db/notifications.json';
export const CTFD_AWARDS = 'db/awards.json';
export const CTFD_TEAMS = 'db/teams.json';
export const CTFD_USERS = 'db/users.json';
export const ctfdUpload = (location: string) => `uploads/${location}`;

const Id = z.number().int();
const Text = z.string().nullish();
const Int = z.number().int().nullish();

export const ctfdTable = <T extends z.ZodType>(row: T) => z.object({ results: z.array(row).max(1_000_000) }).nullable();

export const CtfdChallenge = z.object({
  id: Id,
  name: Text,
  description: Text,
  connection_info: Text,
  max_attempts: Int,
  value: Int,
  category: Text,
  type: Text,
  state: Text,
  requirements: z.unknown().optional(),
  // CTFd 3.7+ keeps decay settings on the challenge itself; older exports have them in dynamic_challenge.
  initial: Int,
  minimum: Int,
  decay: Int,
  function: Text,
});
export type CtfdChallenge = z.infer<typeof CtfdChallenge>;

export const CtfdDynamic = z.object({
  id: Id,
  initial: Int,
  minimum: Int,
  decay: Int,
  function: Text,
  dynamic_initial: Int,
  dynamic_minimum: Int,
  dynamic_decay: Int,
  dynamic_function: Text,
});
export type CtfdDynamic = z.infer<typeof CtfdDynamic>;

export const CtfdFlag = z.object({ id: Id, challenge_id: Int, type: Text, content: Text, data: Text });
export type CtfdFlag = z.infer<typeof CtfdFlag>;

export const CtfdHint = z.object({
  id: Id,
  challenge_id: Int,
  content: Text,
  cost: Int,
  title: Text,
  /** `{"prerequisites": [hint ids]}`, as an object or its JSON text; anything else is read as none. */
  requirements: z.unknown().optional(),
});
export const CtfdFile = z.object({ id: Id, type: Text, location: Text, challenge_id: Int });
export const CtfdTag = z.object({ challenge_id: Int, value: Text });
export const CtfdConfig = z.object({ key: z.string(), value: z.union([z.string(), z.number()]).nullish() });
export const CtfdNotification = z.object({ id: Id, title: Text, content: Text, date: Text });
/** An award: `value` points (negative for a penalty) to a team (team mode) or a user (user mode). */
export const CtfdAward = z.object({
  id: Id,
  user_id: Int,
  team_id: Int,
  name: Text,
  description: Text,
  value: z.number().nullish(),
  date: Text,
});
/** Teams and users are read for their names only (an award names its owner by id). */
export const CtfdAccount = z.object({ id: Id, name: Text });

/** CTFd category names (free text) and the words organisers commonly use for each of ours. */
const CATEGORY_WORDS: Record<ChallengeCategory, string[]> = {
  Misc: ['misc', 'miscellaneous', 'other', 'others', 'general', 'general skills', 'sanity', 'sanity check', 'welcome'],
  Crypto: ['crypto', 'cryptography', 'cryptology'],
  Pwn: ['pwn', 'pwnable', 'binary', 'binary exploitation', 'exploit', 'exploitation', 'bin', 'kernel'],
  Web: ['web', 'web exploitation', 'web security', 'webapp'],
  Reverse: ['reverse', 'reversing', 'reverse engineering', 're', 'rev'],
  Blockchain: ['blockchain', 'smart contract', 'smart contracts', 'web3', 'ethereum', 'solidity'],
  Forensics: ['forensics', 'forensic', 'dfir', 'digital forensics'],
  Hardware: ['hardware', 'hw', 'iot', 'embedded', 'rf', 'radio', 'sdr'],
  Mobile: ['mobile', 'android', 'ios', 'apk'],
  PPC: ['ppc', 'programming', 'coding', 'algorithm', 'algorithms', 'code'],
  AI: ['ai', 'ml', 'machine learning', 'llm', 'prompt injection'],
  Pentest: ['pentest', 'penetration testing', 'boot2root', 'red team', 'redteam'],
  OSINT: ['osint', 'recon', 'open source intelligence'],
};
const CATEGORY_BY_WORD = new Map(
  Object.entries(CATEGORY_WORDS).flatMap(([category, words]) => words.map((w) => [w, category as ChallengeCategory])),
);

/** Ours for a CTFd category, or null when nothing matches (the caller uses Misc and reports it). */
export function mapCtfdCategory(name: string): ChallengeCategory | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ');
  return CATEGORY_BY_WORD.get(key) ?? null;
}

/** A CTFd time (naive ISO-8601, UTC) as a date; null when it cannot be read. */
export function ctfdTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const withZone = /(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : new Date(time);
}
