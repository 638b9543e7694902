import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { del, ok, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/**
 * A token must not outlive what an administrator does to its issuer: banning, deleting or resetting the password
 * of a user revokes the user's tokens, so an unban, or the reset password, does not bring them back.
 */
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'revoker');
});
afterAll(() => ctx.close());

/** A second administrator with a token of their own. */
async function issuerWithToken(name: string): Promise<{ id: string; token: string; tokenId: string }> {
  const issuer = await signUpAdmin(ctx, name);
  const { token, info } = ok<{ token: string; info: { id: string } }>(await issuer.post('/api/tokens', { name }));
  expect(await tokenStatus(token)).toBe(200);
  return { id: await userId(ctx, name), token, tokenId: info.id };
}

async function tokenStatus(token: string): Promise<number> {
  const response = await ctx.app.inject({ url: '/api/tokens', headers: { authorization: `Bearer ${token}` } });
  return response.statusCode;
}

const isRevoked = async (tokenId: string) =>
  (await ctx.db.selectFrom('api_tokens').select('is_revoked').where('id', '=', tokenId).executeTakeFirst())?.is_revoked;

describe('API tokens of a user an administrator acts on', () => {
  it('are revoked by a ban and stay revoked after the unban', async () => {
    const issuer = await issuerWithToken('tk_banned');
    ok(await admin.put(`/api/admin/users/${issuer.id}`, { role: 'Banned' }));
    expect(await tokenStatus(issuer.token)).toBe(401);
    expect(await isRevoked(issuer.tokenId)).toBe(true);
    ok(await admin.put(`/api/admin/users/${issuer.id}`, { role: 'Admin' }));
    expect(await tokenStatus(issuer.token)).toBe(401);
  });

  it('go with a deleted user', async () => {
    const issuer = await issuerWithToken('tk_deleted');
    ok(await del(admin, `/api/admin/users/${issuer.id}`));
    expect(await tokenStatus(issuer.token)).toBe(401);
    expect(await isRevoked(issuer.tokenId)).toBeUndefined();
  });

  it('are revoked by a password reset', async () => {
    const issuer = await issuerWithToken('tk_reset');
    ok(await del(admin, `/api/admin/users/${issuer.id}/password`));
    expect(await tokenStatus(issuer.token)).toBe(401);
    expect(await isRevoked(issuer.tokenId)).toBe(true);
  });

  it('are kept by other edits, and only the acted-on user loses theirs', async () => {
    const bystander = await issuerWithToken('tk_bystander');
    const edited = await issuerWithToken('tk_edited');
    ok(await admin.put(`/api/admin/users/${edited.id}`, { bio: 'still trusted', role: 'Monitor' }));
    ok(await admin.put(`/api/admin/users/${edited.id}`, { role: 'Admin' }));
    expect(await tokenStatus(edited.token)).toBe(200);
    const target = await issuerWithToken('tk_target');
    ok(await admin.put(`/api/admin/users/${target.id}`, { role: 'Banned' }));
    expect(await tokenStatus(bystander.token)).toBe(200);
  });
});
