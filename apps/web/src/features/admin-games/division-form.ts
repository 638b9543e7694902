import {
  CHALLENGE_PERMISSIONS,
  DIVISION_PERMISSIONS,
  type Division,
  type DivisionCreateModel,
  divisionLimits,
  GamePermission,
  type GamePermissionName,
} from '@flagpole/contract';

/*
 * The division editor's values and the permission bits behind its checkboxes. Masks keep the bits the editor
 * does not show (a division made with `All` keeps the flags a later version adds), so a checkbox only ever
 * changes its own bit.
 */

export type DivisionPermissionName = (typeof DIVISION_PERMISSIONS)[number];
export type ChallengePermissionName = (typeof CHALLENGE_PERMISSIONS)[number];

export interface DivisionFormValues {
  name: string;
  inviteCode: string;
  defaultPermissions: number;
  /** Per-challenge permissions by challenge id; a challenge not listed follows the defaults. */
  overrides: Record<string, number>;
}

export function formValuesOf(division?: Division): DivisionFormValues {
  if (!division) {
    return { name: '', inviteCode: '', defaultPermissions: GamePermission.All, overrides: {} };
  }
  return {
    name: division.name,
    inviteCode: division.inviteCode ?? '',
    defaultPermissions: division.defaultPermissions,
    overrides: Object.fromEntries(division.challengeConfigs.map((c) => [String(c.challengeId), c.permissions])),
  };
}

export function hasFlag(mask: number, name: GamePermissionName): boolean {
  return (mask & GamePermission[name]) !== 0;
}

/** The mask with one flag set or cleared; other bits stay. */
export function withFlag(mask: number, name: GamePermissionName, on: boolean): number {
  const bit = GamePermission[name];
  return on ? mask | bit : mask & ~bit;
}

/** Starts an override from the division's defaults, so switching one on changes nothing until edited. */
export function startOverride(values: DivisionFormValues, challengeId: number): DivisionFormValues {
  return { ...values, overrides: { ...values.overrides, [String(challengeId)]: values.defaultPermissions } };
}

export function dropOverride(values: DivisionFormValues, challengeId: number): DivisionFormValues {
  const { [String(challengeId)]: _dropped, ...rest } = values.overrides;
  return { ...values, overrides: rest };
}

/** The request body (create and update take the same fields); overrides only for challenges that exist. */
export function toModel(values: DivisionFormValues, challengeIds: readonly number[]): Required<DivisionCreateModel> {
  const known = new Set(challengeIds);
  return {
    name: values.name.trim(),
    // An empty code removes it (the server reads '' as none).
    inviteCode: values.inviteCode.trim(),
    defaultPermissions: values.defaultPermissions,
    challengeConfigs: Object.entries(values.overrides)
      .map(([id, permissions]) => ({ challengeId: Number(id), permissions }))
      .filter((config) => known.has(config.challengeId)),
  };
}

export type DivisionNameProblem = 'required' | 'tooLong' | 'taken';

/** Checks a name as the server does: 1..31 characters after trimming, unique in the game (case ignored). */
export function nameProblem(name: string, others: readonly Pick<Division, 'name'>[]): DivisionNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > divisionLimits.name.max) return 'tooLong';
  if (others.some((other) => other.name.toLowerCase() === trimmed.toLowerCase())) return 'taken';
  return null;
}

/** The division-level flags a division has, for its card. */
export function divisionFlags(mask: number): DivisionPermissionName[] {
  return DIVISION_PERMISSIONS.filter((name) => hasFlag(mask, name));
}

/** The challenge flags a mask lacks, for the card's summary ("no bloods", "not ranked"…). */
export function missingChallengeFlags(mask: number): ChallengePermissionName[] {
  return CHALLENGE_PERMISSIONS.filter((name) => !hasFlag(mask, name));
}

/** An 8-byte hex code, as the game's invite code generator makes. */
export function randomInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
