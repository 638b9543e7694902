import { GamePermission, type GamePermissionName } from '@flagpole/contract';
import { badRequest } from '../http/errors';
import type { DivisionWithConfigs } from '../repositories/division.repository';
import type { DivisionSection, PERMISSION_NAMES } from './package-format';

type PermissionName = (typeof PERMISSION_NAMES)[number];

const NAMED = Object.entries(GamePermission).filter(([name]) => name !== 'All') as Array<[GamePermissionName, number]>;

/**
 * A permission mask as the reference's package writes it: its flag names. `All` stays `All`, no flag is
 * `None`; bits without a name carry no meaning and are not written.
 */
export function permissionNames(mask: number): PermissionName[] {
  if (mask === GamePermission.All) return ['All'];
  const names = NAMED.filter(([, bit]) => (mask & bit) === bit).map(([name]) => name);
  return names.length === 0 ? ['None'] : names;
}

/** The mask of a list of flag names (`All` sets every flag, `None` none). */
export function permissionMask(names: readonly PermissionName[]): number {
  let mask = 0;
  for (const name of names) {
    if (name === 'All') return GamePermission.All;
    if (name !== 'None') mask |= GamePermission[name];
  }
  return mask;
}

/** The game's divisions as package sections; configs name challenges by their exported ids. */
export function divisionSections(divisions: readonly DivisionWithConfigs[]) {
  return divisions.map((division) => ({
    name: division.name,
    inviteCode: division.inviteCode,
    defaultPermissions: permissionNames(division.defaultPermissions),
    challengeConfig: [...division.configs].map(([challengeId, permissions]) => ({
      challengeId,
      permissions: permissionNames(permissions),
    })),
  }));
}

/** A division to create: its permissions as masks, its configs still by the package's challenge ids. */
export interface PlanDivision {
  name: string;
  inviteCode: string | null;
  defaultPermissions: number;
  configs: Array<{ sourceChallengeId: number; permissions: number }>;
}

/** Checks the package's divisions as the editor would (unique names, no repeated challenge) and plans them. */
export function planDivisions(sections: readonly DivisionSection[], challengeIds: ReadonlySet<number>): PlanDivision[] {
  const names = new Set<string>();
  return sections.map((section) => {
    const name = section.name.trim();
    if (names.has(name.toLowerCase())) throw badRequest('error.divisionNameTaken', { name });
    names.add(name.toLowerCase());
    const seen = new Set<number>();
    const configs = section.challengeConfig.map((config) => {
      if (!challengeIds.has(config.challengeId))
        throw badRequest('error.importUnknownChallenge', { id: config.challengeId });
      if (seen.has(config.challengeId)) throw badRequest('error.divisionChallengeTwice', { id: config.challengeId });
      seen.add(config.challengeId);
      return { sourceChallengeId: config.challengeId, permissions: permissionMask(config.permissions) };
    });
    return {
      name,
      inviteCode: section.inviteCode?.trim() ? section.inviteCode.trim() : null,
      defaultPermissions: permissionMask(section.defaultPermissions),
      configs,
    };
  });
}
