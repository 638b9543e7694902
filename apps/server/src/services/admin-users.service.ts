import {
  type AdminUserInfoModel,
  type AdminUsersQuery,
  type ArrayResponseOfUserInfoModel,
  type ProfileUserInfoModel,
  passwordProblems,
  SEARCH_RESULT_LIMIT,
  type UserCreateModel,
  type UserInfoModel,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import type { UserRow, UserUpdate } from '../db/schema';
import type { Identity } from '../http/access';
import { BatchError, type BatchProblem, badRequest, notFound } from '../http/errors';
import { randomHex } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import { hashPassword } from '../lib/password';
import { type AdminUserRepository, createAdminUserRepository } from '../repositories/admin-users.repository';
import { createApiTokenRepository } from '../repositories/api-token.repository';
import { isUniqueViolation } from '../repositories/user.repository';
import { API_TOKEN_WITHDRAWN } from './api-token.service';
import type { FileStore } from './file-store.service';
import { createPersonalTeamRenames } from './personal-team';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { avatarUrl, toProfile } from './profile.service';
import type { SessionService } from './session.service';

/** Characters of generated passwords: no look-alikes (0/O, 1/l/I). */
const PASSWORD_ALPHABET = {
  lower: 'abcdefghijkmnpqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digit: '23456789',
};
const GENERATED_PASSWORD_LENGTH = 16;

/** A random 16-character password that always satisfies the password rule. */
export function generatePassword(): string {
  const all = PASSWORD_ALPHABET.lower + PASSWORD_ALPHABET.upper + PASSWORD_ALPHABET.digit;
  const pick = (alphabet: string) => {
    const index = Number.parseInt(randomHex(4), 16) % alphabet.length;
    return alphabet.charAt(index);
  };
  for (;;) {
    const password = Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => pick(all)).join('');
    if (passwordProblems(password).length === 0) return password;
  }
}

export function toUserInfo(user: UserRow): UserInfoModel {
  return {
    id: user.id,
    userName: user.user_name,
    realName: user.real_name,
    stdNumber: user.std_number,
    phone: user.phone,
    bio: user.bio,
    registerTimeUtc: user.created_at.getTime(),
    lastVisitedUtc: user.last_visited_at?.getTime() ?? 0,
    ip: user.last_ip ?? '',
    email: user.email,
    avatar: avatarUrl(user.avatar_hash),
    role: user.role,
    emailConfirmed: user.email_confirmed,
  };
}

/** Fields of an admin edit that others see or that decide access: a change drops cached identities. */
const IDENTITY_FIELDS = ['user_name', 'role', 'email_confirmed'] as const;

/**
 * The admin area's user management. Rules: an administrator cannot delete themselves or change their own
 * role (so the platform never loses its last administrator by accident); a user who captains a team cannot
 * be deleted (deleting would take the team, its entries and its solves along); banning or deleting ends
 * every session of the user at once. Banning, deleting and resetting the password also revoke (or, with the
 * user, delete) the API tokens the user issued, in the same transaction: a token does not come back to life
 * with an unban, and a reset password leaves no other way in.
 */
export function createAdminUserService(deps: { db: Db; sessions: SessionService; files: FileStore; events: EventBus }) {
  const users = createAdminUserRepository(deps.db);
  const personalTeamRenamed = createPersonalTeamRenames(deps);
  const transaction = <T>(
    work: (repo: AdminUserRepository, tokens: ReturnType<typeof createApiTokenRepository>) => Promise<T>,
  ) => deps.db.transaction().execute((trx) => work(createAdminUserRepository(trx), createApiTokenRepository(trx)));

  /** After the commit: connections the tokens opened (live channels) close in every process. */
  async function announceWithdrawn(tokenIds: readonly string[]): Promise<void> {
    for (const tokenId of tokenIds) await deps.events.publish(API_TOKEN_WITHDRAWN, { tokenId });
  }

  async function existing(userId: string): Promise<UserRow> {
    const user = await users.find(userId);
    if (!user) throw notFound('error.userNotFound');
    return user;
  }

  /** A clear 400 when another user already holds the new name or address. */
  async function ensureFree(repo: AdminUserRepository, userId: string, changes: UserUpdate): Promise<void> {
    if (changes.user_name !== undefined) {
      const holder = await repo.holderOf('user_name', changes.user_name);
      if (holder && holder !== userId) throw badRequest('error.userNameTaken');
    }
    if (changes.email !== undefined) {
      const holder = await repo.holderOf('email', changes.email);
      if (holder && holder !== userId) throw badRequest('error.emailTaken');
    }
  }

  return {
    /** A page in the chosen order; with `search`, of the matching users only (`total` counts those). */
    async list(query: AdminUsersQuery): Promise<ArrayResponseOfUserInfoModel> {
      const { skip, count, order, search } = query;
      const [rows, total] = await Promise.all([users.page(skip, count, order, search), users.count(search)]);
      return { data: rows.map(toUserInfo), length: rows.length, total };
    },

    async search(hint: string): Promise<ArrayResponseOfUserInfoModel> {
      const rows = await users.search(hint, SEARCH_RESULT_LIMIT);
      return { data: rows.map(toUserInfo), length: rows.length, total: rows.length };
    },

    async get(userId: string): Promise<ProfileUserInfoModel> {
      return toProfile(await existing(userId));
    },

    /**
     * Creates every user or none: a name or address used twice in the list or already taken, or a weak
     * password, refuses the whole list, every offending user reported by place (`BatchError`; the title names
     * the first). Users sharing a team name are put into one new team, captained by the first of them.
     */
    async addMany(input: UserCreateModel[]): Promise<void> {
      const seenNames = new Set<string>();
      const seenEmails = new Set<string>();
      const problems: BatchProblem[] = [];
      input.forEach((user, index) => {
        const name = user.userName.toLowerCase();
        const email = user.email.toLowerCase();
        if (seenNames.has(name) || seenEmails.has(email)) {
          problems.push({ index, key: 'error.batchDuplicate', params: { userName: user.userName } });
        } else if (passwordProblems(user.password).length > 0) {
          problems.push({ index, key: 'error.batchWeakPassword', params: { userName: user.userName } });
        }
        seenNames.add(name);
        seenEmails.add(email);
      });
      const taken = await users.taken([...seenNames], [...seenEmails]);
      input.forEach((user, index) => {
        const clash = taken.names.has(user.userName.toLowerCase()) || taken.emails.has(user.email.toLowerCase());
        if (clash && !problems.some((problem) => problem.index === index)) {
          problems.push({ index, key: 'error.batchTaken', params: { userName: user.userName } });
        }
      });
      if (problems.length > 0) throw new BatchError(problems.sort((a, b) => a.index - b.index));

      const hashes = await Promise.all(input.map((u) => hashPassword(u.password)));
      try {
        await transaction(async (repo) => {
          const created = await repo.insertMany(
            input.map((u, i) => ({
              user_name: u.userName,
              email: u.email,
              password_hash: hashes[i] as string,
              email_confirmed: true,
              real_name: u.realName ?? '',
              std_number: u.stdNumber ?? '',
              phone: u.phone?.trim() ? u.phone.trim() : null,
            })),
          );
          const idByName = new Map(created.map((row) => [row.user_name.toLowerCase(), row.id]));
          const teams = new Map<string, string[]>();
          for (const u of input) {
            if (!u.teamName) continue;
            const id = idByName.get(u.userName.toLowerCase());
            if (id) teams.set(u.teamName, [...(teams.get(u.teamName) ?? []), id]);
          }
          for (const [name, memberIds] of teams) await repo.insertTeam(name, randomHex(16), memberIds);
        });
      } catch (error) {
        // Someone registered one of the names between the check and the insert.
        if (isUniqueViolation(error)) throw badRequest('error.userNameTaken');
        throw error;
      }
    },

    /** Absent or null fields stay as they are. */
    async update(admin: Identity, userId: string, input: AdminUserInfoModel): Promise<void> {
      const changes: UserUpdate = {};
      if (input.userName != null) changes.user_name = input.userName;
      if (input.email != null) changes.email = input.email;
      if (input.bio != null) changes.bio = input.bio;
      if (input.phone != null) changes.phone = input.phone.trim() === '' ? null : input.phone.trim();
      if (input.realName != null) changes.real_name = input.realName;
      if (input.stdNumber != null) changes.std_number = input.stdNumber;
      if (input.emailConfirmed != null) changes.email_confirmed = input.emailConfirmed;
      if (input.role != null) changes.role = input.role;

      // A concurrent rename to the same name still fails on the unique index: reported as taken.
      const { before, revoked } = await transaction(async (repo, tokens) => {
        const user = await repo.findForUpdate(userId);
        if (!user) throw notFound('error.userNotFound');
        if (changes.role !== undefined && changes.role !== user.role && user.id === admin.userId) {
          throw badRequest('error.cannotChangeOwnRole');
        }
        if (Object.keys(changes).length === 0) return { before: user, revoked: [] };
        await ensureFree(repo, userId, changes);
        await repo.update(userId, changes);
        const banning = changes.role === 'Banned' && user.role !== 'Banned';
        return { before: user, revoked: banning ? await tokens.revokeAllOf(userId) : [] };
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw badRequest('error.userNameTaken');
        throw error;
      });

      const banned = changes.role === 'Banned' && before.role !== 'Banned';
      if (banned) await deps.sessions.endAllFor(userId);
      await announceWithdrawn(revoked);
      if (IDENTITY_FIELDS.some((field) => changes[field] !== undefined && changes[field] !== before[field])) {
        await deps.sessions.userChanged(userId);
      }
      if (changes.user_name !== undefined && changes.user_name !== before.user_name) {
        await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
        await personalTeamRenamed(userId);
      }
    },

    async remove(admin: Identity, userId: string): Promise<void> {
      if (userId === admin.userId) throw badRequest('error.cannotDeleteSelf');
      const { deleted, revoked } = await transaction(async (repo, tokens) => {
        const user = await repo.findForUpdate(userId);
        if (!user) throw notFound('error.userNotFound');
        if ((await repo.captainedTeams(userId)) > 0) throw badRequest('error.userIsCaptain');
        // The user's tokens go with the row (on delete cascade); their ids are kept to close what they opened.
        const revoked = await tokens.revokeAllOf(userId);
        await repo.delete(userId);
        return { deleted: user, revoked };
      });
      await deps.sessions.endAllFor(userId);
      await announceWithdrawn(revoked);
      await deps.sessions.userChanged(userId);
      await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
      if (deleted.avatar_hash) await deps.files.release(deleted.avatar_hash);
    },

    /** Sets a random password, ends the user's sessions, revokes their tokens and returns the password (once). */
    async resetPassword(userId: string): Promise<string> {
      await existing(userId);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const revoked = await transaction(async (repo, tokens) => {
        if (!(await repo.update(userId, { password_hash: passwordHash }))) throw notFound('error.userNotFound');
        return tokens.revokeAllOf(userId);
      });
      await deps.sessions.endAllFor(userId);
      await announceWithdrawn(revoked);
      return password;
    },
  };
}
export type AdminUserService = ReturnType<typeof createAdminUserService>;
