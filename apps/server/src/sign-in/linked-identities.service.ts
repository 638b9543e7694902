import type { LinkedIdentitiesModel } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { Identity } from '../http/access';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { createUserRepository } from '../repositories/user.repository';
import { createIdentityRepository, type IdentityProvider } from './identity.repository';
import { NO_PASSWORD } from './new-account';

/**
 * The profile page's list of linked identities, and unlinking one. The last way to sign in is never unlinked:
 * an account without a usable password (none set, or OIDC_ONLY for anyone but administrators) keeps one identity.
 */
export function createLinkedIdentities(deps: {
  db: Db;
  providerNames: Partial<Record<IdentityProvider, string>>;
  passwordSignIn: boolean;
}) {
  const identities = createIdentityRepository(deps.db);
  const users = createUserRepository(deps.db);
  const hasUsablePassword = (user: { password_hash: string; role: string }) =>
    user.password_hash !== NO_PASSWORD && (deps.passwordSignIn || user.role === 'Admin');

  return {
    async list(identity: Identity): Promise<LinkedIdentitiesModel> {
      const user = await users.findById(identity.userId);
      if (!user) throw unauthorized();
      const rows = await identities.listForUser(identity.userId);
      return {
        hasPassword: user.password_hash !== NO_PASSWORD,
        identities: rows.map((row) => ({
          provider: row.provider,
          providerName: deps.providerNames[row.provider] ?? row.provider,
          displayName: row.display_name,
          createdAt: row.created_at.getTime(),
          lastUsedAt: row.last_used_at.getTime(),
        })),
      };
    },

    async unlink(identity: Identity, provider: IdentityProvider): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const repo = createIdentityRepository(trx);
        const user = await createUserRepository(trx).findByIdForUpdate(identity.userId);
        if (!user) throw unauthorized();
        const linked = await repo.listForUser(identity.userId);
        if (!linked.some((row) => row.provider === provider)) throw notFound('error.identityNotFound');
        if (linked.length === 1 && !hasUsablePassword(user)) throw badRequest('error.lastSignInMethod');
        await repo.delete(identity.userId, provider);
      });
    },
  };
}
export type LinkedIdentities = ReturnType<typeof createLinkedIdentities>;
