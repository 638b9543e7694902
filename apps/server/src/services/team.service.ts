import { type TeamInfoModel, type TeamUpdateModel, teamLimits } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { Identity } from '../http/access';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { constantTimeEqual, randomHex } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import { verifyTeamToken } from '../lib/team-token';
import { createRosterRepository } from '../repositories/roster.repository';
import { createTeamRepository, type TeamMemberRow, type TeamRow } from '../repositories/team.repository';
import { isUniqueViolation } from '../repositories/user.repository';
import type { FileStore } from './file-store.service';
import { storeUploadedImage } from './image-upload';
import { assertNotPersonal } from './personal-team';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { AVATAR_WIDTH, avatarUrl } from './profile.service';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';
import { followTeamIntoGames } from './team-roster';

const INVITE_CODE = /^(.*):(\d{1,10}):([0-9a-f]{32})$/;

export const inviteCodeOf = (team: Pick<TeamRow, 'name' | 'id' | 'invite_token'>) =>
  `${team.name}:${team.id}:${team.invite_token}`;

/** A team as the contract shows it; `members` is left out unless given. */
export function toTeamInfo(team: TeamRow, locked: boolean, members?: TeamMemberRow[]): TeamInfoModel {
  const model: TeamInfoModel = {
    id: team.id,
    name: team.name,
    bio: team.bio,
    avatar: avatarUrl(team.avatar_hash),
    locked,
  };
  if (members) {
    model.members = members
      .filter((m) => m.teamId === team.id)
      .map((m) => ({
        id: m.userId,
        userName: m.userName,
        bio: m.bio,
        avatar: avatarUrl(m.avatarHash),
        captain: m.userId === team.captain_id,
      }));
  }
  return model;
}

/**
 * Teams: creation (a user captains at most three), membership by invite code, captain-only
 * management, and the lock that freezes the roster while the team is in a game that has not ended.
 */
export function createTeamService(deps: { db: Db; clock: Clock; files: FileStore; events: EventBus }) {
  const teams = createTeamRepository(deps.db);
  const transaction = <T>(work: (repo: ReturnType<typeof createTeamRepository>) => Promise<T>) =>
    deps.db.transaction().execute((trx) => work(createTeamRepository(trx)));

  /** Admin lock, or a non-rejected participation in a game that has not ended yet. */
  async function lockedTeams(rows: TeamRow[], repo = teams): Promise<Set<number>> {
    const active = await repo.inActiveGame(
      rows.map((t) => t.id),
      deps.clock.now(),
    );
    for (const team of rows) if (team.locked) active.add(team.id);
    return active;
  }

  async function isLocked(team: TeamRow, repo = teams): Promise<boolean> {
    return (await lockedTeams([team], repo)).has(team.id);
  }

  async function describe(team: TeamRow, repo = teams): Promise<TeamInfoModel> {
    return toTeamInfo(team, await isLocked(team, repo), await repo.members([team.id]));
  }

  /** The team, which the caller must captain: 404 unknown, 403 not the captain, 400 a personal team. */
  async function captained(identity: Identity, teamId: number, repo = teams): Promise<TeamRow> {
    const team = await repo.findForUpdate(teamId);
    if (!team) throw notFound('error.teamNotFound');
    if (team.captain_id !== identity.userId) throw forbidden('error.captainOnly');
    assertNotPersonal(team);
    return team;
  }

  async function ensureCanCaptainAnother(repo: ReturnType<typeof createTeamRepository>, userId: string) {
    await repo.lockUser(userId);
    if ((await repo.countCaptained(userId)) >= teamLimits.captainedTeams) {
      throw badRequest('error.tooManyTeams', { count: teamLimits.captainedTeams });
    }
  }

  return {
    isLocked,

    async listMine(identity: Identity): Promise<TeamInfoModel[]> {
      const rows = await teams.listForUser(identity.userId);
      const locked = await lockedTeams(rows);
      const members = await teams.members(rows.map((t) => t.id));
      return rows.map((team) => toTeamInfo(team, locked.has(team.id), members));
    },

    async get(teamId: number): Promise<TeamInfoModel> {
      const team = await teams.find(teamId);
      if (!team) throw notFound('error.teamNotFound');
      return describe(team);
    },

    async create(identity: Identity, input: TeamUpdateModel): Promise<TeamInfoModel> {
      const name = input.name?.trim();
      if (!name) throw badRequest('error.missingField', { field: 'name' });
      return transaction(async (repo) => {
        await ensureCanCaptainAnother(repo, identity.userId);
        const team = await repo.insert({
          name,
          bio: input.bio ?? '',
          captainId: identity.userId,
          inviteToken: randomHex(16),
        });
        await repo.addMember(team.id, identity.userId);
        return describe(team, repo);
      });
    },

    /** Absent or null fields stay unchanged. */
    async update(identity: Identity, teamId: number, input: TeamUpdateModel): Promise<TeamInfoModel> {
      const model = await transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        const changes: { name?: string; bio?: string } = {};
        if (input.name != null) changes.name = input.name.trim();
        if (input.bio != null) changes.bio = input.bio;
        const updated = Object.keys(changes).length > 0 ? await repo.update(team.id, changes) : team;
        return describe(updated ?? team, repo);
      });
      // Players' cached roster entries carry the team name.
      if (input.name != null) await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
      return model;
    },

    async setAvatar(identity: Identity, teamId: number, upload: Buffer): Promise<string> {
      await captained(identity, teamId);
      const image = await storeUploadedImage(deps.files, upload, AVATAR_WIDTH);
      const { hash } = image;
      const previous = await transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        await repo.update(team.id, { avatar_hash: hash });
        return team.avatar_hash;
      });
      if (previous) await deps.files.release(previous);
      return `/assets/${hash}/avatar.${image.extension}`;
    },

    async remove(identity: Identity, teamId: number): Promise<void> {
      const avatar = await transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        if (await isLocked(team, repo)) throw badRequest('error.teamLocked');
        await repo.delete(team.id);
        return team.avatar_hash;
      });
      await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
      if (avatar) await deps.files.release(avatar);
    },

    async inviteCode(identity: Identity, teamId: number): Promise<string> {
      return inviteCodeOf(await captained(identity, teamId));
    },

    async rotateInviteCode(identity: Identity, teamId: number): Promise<string> {
      return transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        const updated = await repo.update(team.id, { invite_token: randomHex(16) });
        return inviteCodeOf(updated ?? team);
      });
    },

    /** Joins a team by `<name>:<id>:<32 hex>`. The lock does not stop new members. */
    async accept(identity: Identity, code: string): Promise<void> {
      const match = INVITE_CODE.exec(code.trim());
      if (!match?.[2] || !match[3]) throw badRequest('error.invalidInvite');
      const teamId = Number(match[2]);
      const token = match[3];
      const games = await deps.db.transaction().execute(async (trx) => {
        const repo = createTeamRepository(trx);
        const team = await repo.findForUpdate(teamId);
        if (!team || !constantTimeEqual(team.invite_token, token)) throw badRequest('error.invalidInvite');
        assertNotPersonal(team);
        if (await repo.isMember(team.id, identity.userId)) throw badRequest('error.alreadyMember');
        try {
          await repo.addMember(team.id, identity.userId);
        } catch (error) {
          if (isUniqueViolation(error)) throw badRequest('error.alreadyMember');
          throw error;
        }
        // The new member follows the team into its games as far as the rules allow ("Team entry").
        return followTeamIntoGames(createRosterRepository(trx), team.id, identity.userId, deps.clock.now());
      });
      for (const gameId of games) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
    },

    async kick(identity: Identity, teamId: number, userId: string): Promise<TeamInfoModel> {
      return transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        if (userId === team.captain_id) throw badRequest('error.captainCannotLeave');
        if (await isLocked(team, repo)) throw badRequest('error.teamLocked');
        if (!(await repo.removeMember(team.id, userId))) throw badRequest('error.notTeamMember');
        return describe(team, repo);
      });
    },

    /** A member leaves; the captain must transfer captaincy or delete the team instead. */
    async leave(identity: Identity, teamId: number): Promise<void> {
      await transaction(async (repo) => {
        const team = await repo.findForUpdate(teamId);
        if (!team) throw notFound('error.teamNotFound');
        if (!(await repo.isMember(team.id, identity.userId))) throw badRequest('error.notTeamMember');
        assertNotPersonal(team);
        if (team.captain_id === identity.userId) throw badRequest('error.captainCannotLeave');
        if (await isLocked(team, repo)) throw badRequest('error.teamLocked');
        await repo.removeMember(team.id, identity.userId);
      });
    },

    async transfer(identity: Identity, teamId: number, newCaptainId: string): Promise<TeamInfoModel> {
      return transaction(async (repo) => {
        const team = await captained(identity, teamId, repo);
        if (newCaptainId === team.captain_id) return describe(team, repo);
        if (!(await repo.isMember(team.id, newCaptainId))) throw badRequest('error.notTeamMember');
        await ensureCanCaptainAnother(repo, newCaptainId);
        const updated = await repo.update(team.id, { captain_id: newCaptainId });
        return describe(updated ?? team, repo);
      });
    },

    /** 200 when the token is genuine, 401 when not, 400 when it cannot be read. */
    verify(teamToken: string, publicKey: string): void {
      const outcome = verifyTeamToken(teamToken, publicKey);
      if (outcome === 'malformed') throw badRequest('error.malformedTeamToken');
      if (outcome === 'invalid') throw new AppError(401, 'error.invalidTeamToken');
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
