import type { PasswordChangeModel, ProfileUpdateModel, ProfileUserInfoModel } from '@flagpole/contract';
import type { UserRow, UserUpdate } from '../db/schema';
import type { Identity } from '../http/access';
import { badRequest, unauthorized } from '../http/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import { isUniqueViolation, type UserRepository } from '../repositories/user.repository';
import { ensureStrongPassword } from './account-policy';
import type { FileStore } from './file-store.service';
import { storeUploadedImage } from './image-upload';
import type { SessionService } from './session.service';

export const AVATAR_WIDTH = 300;

/** Profiles and posts show an avatar as `/assets/<hash>/avatar`; the name part is cosmetic. */
export function avatarUrl(hash: string | null): string | null {
  return hash ? `/assets/${hash}/avatar` : null;
}

export function toProfile(user: UserRow): ProfileUserInfoModel {
  return {
    userId: user.id,
    role: user.role,
    userName: user.user_name,
    email: user.email,
    bio: user.bio,
    phone: user.phone,
    realName: user.real_name,
    stdNumber: user.std_number,
    avatar: avatarUrl(user.avatar_hash),
  };
}

/** The signed-in user's own profile, avatar and password. */
export function createProfileService(deps: {
  users: UserRepository;
  sessions: SessionService;
  files: FileStore;
  /** Called when a name or avatar others can see changed (post bylines are cached). */
  onPublicProfileChange: () => void;
  /** Called after a rename: the user's personal teams in solo games carry the name (personal-team.ts). */
  onUserRenamed?: (userId: string) => Promise<void>;
}) {
  async function load(identity: Identity): Promise<UserRow> {
    const user = await deps.users.findById(identity.userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async profile(identity: Identity): Promise<ProfileUserInfoModel> {
      return toProfile(await load(identity));
    },

    /** Absent or null fields stay as they are. */
    async update(identity: Identity, input: ProfileUpdateModel): Promise<void> {
      const changes: UserUpdate = {};
      if (input.userName != null) changes.user_name = input.userName;
      if (input.bio != null) changes.bio = input.bio;
      if (input.phone != null) changes.phone = input.phone.trim() === '' ? null : input.phone.trim();
      if (input.realName != null) changes.real_name = input.realName;
      if (input.stdNumber != null) changes.std_number = input.stdNumber;
      if (Object.keys(changes).length === 0) return;
      try {
        await deps.users.update(identity.userId, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.userNameTaken');
        throw error;
      }
      if (changes.user_name !== undefined) {
        await deps.sessions.userChanged(identity.userId);
        deps.onPublicProfileChange();
        await deps.onUserRenamed?.(identity.userId);
      }
    },

    /** Re-encodes and stores a new avatar; returns its URL. */
    async setAvatar(identity: Identity, upload: Buffer): Promise<string> {
      const user = await load(identity);
      const image = await storeUploadedImage(deps.files, upload, AVATAR_WIDTH);
      const { hash } = image;
      await deps.users.update(user.id, { avatar_hash: hash });
      if (user.avatar_hash) await deps.files.release(user.avatar_hash);
      deps.onPublicProfileChange();
      return `/assets/${hash}/avatar.${image.extension}`;
    },

    /** Sets a new password and ends the user's other sessions. */
    async changePassword(identity: Identity, input: PasswordChangeModel): Promise<void> {
      const user = await load(identity);
      if (!(await verifyPassword(user.password_hash, input.old))) throw badRequest('error.wrongPassword');
      ensureStrongPassword(input.new);
      await deps.users.update(user.id, { password_hash: await hashPassword(input.new) });
      await deps.sessions.endAllFor(user.id, identity.sessionHash);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
