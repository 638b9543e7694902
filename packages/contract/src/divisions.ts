import { z } from 'zod';
import { IdField, shortText } from './schemas/common';

/*
 * Divisions of a game and their `GamePermission` bit flags (api-contract.md §7, gzctf-behaviour.md §1.1):
 * the only enum that travels as a JSON number. A division has default permissions; a per-challenge config
 * replaces them for that challenge. A team without a division has every permission.
 */

/** The flags by name. `All` is int32 max, so flags added later are granted by default. */
export const GamePermission = {
  JoinGame: 1,
  RankOverall: 2,
  RequireReview: 4,
  ViewChallenge: 256,
  SubmitFlags: 512,
  GetScore: 1024,
  GetBlood: 2048,
  AffectDynamicScore: 4096,
  All: 2_147_483_647,
} as const;
export type GamePermissionName = Exclude<keyof typeof GamePermission, 'All'>;

/** Flags that belong to the division as a whole (read from its default permissions only). */
export const DIVISION_PERMISSIONS = [
  'JoinGame',
  'RankOverall',
  'RequireReview',
] as const satisfies readonly GamePermissionName[];
/** Flags a per-challenge config can change. */
export const CHALLENGE_PERMISSIONS = [
  'ViewChallenge',
  'SubmitFlags',
  'GetScore',
  'GetBlood',
  'AffectDynamicScore',
] as const satisfies readonly GamePermissionName[];

const ALL_NAMES = [...DIVISION_PERMISSIONS, ...CHALLENGE_PERMISSIONS] as const;
const NAME_BY_LOWER = new Map<string, GamePermissionName>(ALL_NAMES.map((name) => [name.toLowerCase(), name]));

/** True when `mask` holds every bit of `flags`. */
export function hasPermission(mask: number, flags: number): boolean {
  return (mask & flags) === flags;
}

/** The permissions a division has on one challenge: its override for that challenge, else its default. */
export function challengePermissions(
  division: { defaultPermissions: number; challengeConfigs: Readonly<Record<string, { permissions: number }>> } | null,
  challengeId: number,
): number {
  if (division === null) return GamePermission.All;
  return division.challengeConfigs[String(challengeId)]?.permissions ?? division.defaultPermissions;
}

/**
 * A permission value on input: a number (the wire format, 0..int32 max), or flag names separated by commas as
 * .NET's enum converter also reads them ("ViewChallenge, SubmitFlags"; "All"; any case). Unknown names are
 * refused.
 */
export const GamePermissionInput = z.union([
  z.number().int().min(0).max(GamePermission.All),
  z
    .string()
    .max(256)
    .transform((text, context) => {
      let mask = 0;
      for (const part of text.split(',')) {
        const word = part.trim().toLowerCase();
        if (word === 'all') return GamePermission.All;
        const name = NAME_BY_LOWER.get(word);
        if (word === '' || name === undefined) {
          context.addIssue({ code: 'custom', message: `unknown permission "${part.trim()}"` });
          return z.NEVER;
        }
        mask |= GamePermission[name];
      }
      return mask;
    }),
]);

export const divisionLimits = {
  name: { max: 31 },
  inviteCode: { max: 32 },
  /** Divisions per game; more is almost certainly a script gone wrong. */
  perGame: 100,
} as const;

export const DivisionChallengeConfig = z.object({ challengeId: z.number().int(), permissions: z.number().int() });
export type DivisionChallengeConfig = z.infer<typeof DivisionChallengeConfig>;

/** A division as organisers read it (`GET /api/edit/games/{id}/divisions`). */
export const Division = z.object({
  id: z.number().int(),
  name: z.string().min(1).max(divisionLimits.name.max),
  inviteCode: z.string().max(divisionLimits.inviteCode.max).nullable(),
  defaultPermissions: z.number().int(),
  challengeConfigs: z.array(DivisionChallengeConfig),
});
export type Division = z.infer<typeof Division>;

export const DivisionChallengeConfigModel = z.object({
  challengeId: IdField,
  permissions: GamePermissionInput,
});
export type DivisionChallengeConfigModel = z.infer<typeof DivisionChallengeConfigModel>;

const ChallengeConfigList = z.array(DivisionChallengeConfigModel).max(10_000);

/** `POST …/divisions`: `defaultPermissions` null means All; an empty invite code means none. */
export const DivisionCreateModel = z.object({
  name: shortText({ min: 1, max: divisionLimits.name.max }),
  inviteCode: z.string().trim().max(divisionLimits.inviteCode.max).nullish(),
  defaultPermissions: GamePermissionInput.nullish(),
  challengeConfigs: ChallengeConfigList.nullish(),
});
export type DivisionCreateModel = z.infer<typeof DivisionCreateModel>;

/** `PUT …/divisions/{divisionId}`: null fields stay; a list of configs replaces every override. */
export const DivisionEditModel = z.object({
  name: shortText({ min: 1, max: divisionLimits.name.max }).nullish(),
  inviteCode: z.string().trim().max(divisionLimits.inviteCode.max).nullish(),
  defaultPermissions: GamePermissionInput.nullish(),
  challengeConfigs: ChallengeConfigList.nullish(),
});
export type DivisionEditModel = z.infer<typeof DivisionEditModel>;
