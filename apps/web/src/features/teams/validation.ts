import { type TeamInfoModel, teamLimits } from '@flagpole/contract';

export type TeamsTranslate = (key: TeamsValidationKey, options?: Record<string, unknown>) => string;

type TeamsValidationKey = 'teams.validation.nameLength' | 'teams.validation.bioLength' | 'teams.validation.inviteCode';

/** `<team name>:<team id>:<32 hex>`; the name may itself contain colons, so the id is read from the end. */
const INVITE_CODE = /^(.+):(\d{1,10}):([0-9a-f]{32})$/i;
const MAX_TEAM_ID = 2_147_483_647;

export interface InviteCode {
  teamName: string;
  teamId: number;
  token: string;
}

/** Parses an invite code as pasted (surrounding spaces and quotes ignored); null when it cannot be one. */
export function parseInviteCode(raw: string): InviteCode | null {
  const code = raw.trim().replace(/^"(.*)"$/, '$1');
  if (code.length === 0 || code.length > teamLimits.inviteCode.max) return null;
  const match = INVITE_CODE.exec(code);
  if (!match) return null;
  const [, teamName = '', id = '', token = ''] = match;
  const teamId = Number(id);
  if (!Number.isSafeInteger(teamId) || teamId < 1 || teamId > MAX_TEAM_ID) return null;
  return { teamName, teamId, token: token.toLowerCase() };
}

/** The code sent to `POST /api/team/accept`: trimmed, without quotes a chat client may have added. */
export function normaliseInviteCode(raw: string): string {
  return raw.trim().replace(/^"(.*)"$/, '$1');
}

export function validateTeamName(t: TeamsTranslate) {
  return (value: string) => {
    const length = value.trim().length;
    return length >= 1 && length <= teamLimits.name.max
      ? null
      : t('teams.validation.nameLength', { count: teamLimits.name.max });
  };
}

export function validateTeamBio(t: TeamsTranslate) {
  return (value: string) =>
    value.length <= teamLimits.bio.max ? null : t('teams.validation.bioLength', { count: teamLimits.bio.max });
}

export function validateInviteCode(t: TeamsTranslate) {
  return (value: string) => (parseInviteCode(value) ? null : t('teams.validation.inviteCode'));
}

/** What the signed-in user may do with one of their teams, and why something is not allowed. */
export interface TeamRights {
  isCaptain: boolean;
  /** Captain-only actions the API allows at any time: edit, avatar, invite code, transfer. */
  canManage: boolean;
  /** The lock (team in a game that has not ended) forbids kicking, leaving and deleting. */
  canKick: boolean;
  canDelete: boolean;
  canLeave: boolean;
  /** Another member to hand the captaincy to exists. */
  canTransfer: boolean;
}

export function teamRights(team: Pick<TeamInfoModel, 'locked' | 'members'>, userId: string | undefined): TeamRights {
  const members = team.members ?? [];
  const isCaptain = userId !== undefined && members.some((member) => member.captain && member.id === userId);
  const isMember = userId !== undefined && members.some((member) => member.id === userId);
  return {
    isCaptain,
    canManage: isCaptain,
    canKick: isCaptain && !team.locked,
    canDelete: isCaptain && !team.locked,
    canLeave: isMember && !isCaptain && !team.locked,
    canTransfer: isCaptain && members.some((member) => !member.captain && member.id !== null),
  };
}

/** How many teams the user captains; the API allows at most `teamLimits.captainedTeams`. */
export function captainedCount(teams: readonly Pick<TeamInfoModel, 'members'>[], userId: string | undefined): number {
  if (userId === undefined) return 0;
  return teams.filter((team) => (team.members ?? []).some((member) => member.captain && member.id === userId)).length;
}
