import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError } from './bad-input-probes';
import type { TestClient } from './client';
import { createGame, createTeam, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { acceptParticipation, addFlag, createChallenge, userId } from './play-fixtures';

/**
 * JSON is UTF-8 (RFC 8259): a body holding bytes that are not is refused with 400, as malformed JSON is, instead
 * of being decoded with U+FFFD replacement characters and stored that way. Valid multi-byte text still passes.
 */

let ctx: TestContext;
let player: TestClient;
let teamId: number;
let gameId: number;
let challengeId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signUpAdmin(ctx, 'utf8_admin');
  player = await signUp(ctx, 'utf8_player');
  teamId = (await createTeam(player, 'Encoders')).id;
  gameId = (await createGame(ctx, admin)).id;
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Bytes' });
  await addFlag(ctx.db, challengeId, 'flag{bytes}');
  await acceptParticipation(ctx.db, gameId, teamId, [await userId(ctx.db, 'utf8_player')]);
});
afterAll(() => ctx.close());

const raw = (bytes: Buffer) => ({ raw: { body: bytes, contentType: 'application/json' } });
/** `{"<key>":"ab<bad>cd"}` with the bad bytes inside the string. */
const bodyWith = (key: string, bad: number[]) =>
  Buffer.concat([Buffer.from(`{"${key}":"ab`), Buffer.from(bad), Buffer.from('cd"}')]);

const INVALID_SEQUENCES = [
  [0xff], // never in UTF-8
  [0xc3], // a lead byte without its continuation
  [0x80], // a lone continuation byte
  [0xc0, 0xaf], // an overlong "/"
  [0xed, 0xa0, 0x80], // a UTF-16 surrogate
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
];

describe('JSON bodies that are not UTF-8', () => {
  it('are refused with 400 on a team rename and a flag submission, storing nothing', async () => {
    for (const bad of INVALID_SEQUENCES) {
      const label = bad.map((b) => b.toString(16)).join(' ');
      const rename = await player.put(`/api/team/${teamId}`, undefined, raw(bodyWith('bio', bad)));
      expectClientError(rename, `rename ${label}`);
      expect(rename.statusCode, `${label}: ${rename.body}`).toBe(400);
      expect(json<{ title: string }>(rename).title).toBe('The request body is not valid JSON.');
      const submit = await player.post(
        `/api/game/${gameId}/challenges/${challengeId}`,
        undefined,
        raw(bodyWith('flag', bad)),
      );
      expect(submit.statusCode, `${label}: ${submit.body}`).toBe(400);
    }
    const team = await ctx.db.selectFrom('teams').select('bio').where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(team.bio ?? '').not.toContain('\uFFFD');
    const submissions = await ctx.db.selectFrom('submissions').select('answer').execute();
    expect(submissions).toEqual([]);
  });

  it('still take valid multi-byte text, a byte-order mark and an escaped U+FFFD', async () => {
    const bio = 'Équipe 队伍 🚩';
    ok(await player.put(`/api/team/${teamId}`, undefined, raw(Buffer.from(JSON.stringify({ bio })))));
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ bio: 'BOM' }))]);
    const bom = await player.put(`/api/team/${teamId}`, undefined, raw(withBom));
    expect(bom.statusCode, bom.body).toBeLessThan(500);
    const replacement = await player.put(`/api/team/${teamId}`, { bio: 'a\uFFFDb' });
    expect(replacement.statusCode, replacement.body).toBe(200);
    const team = await ctx.db.selectFrom('teams').select('bio').where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(team.bio).toBe('a\uFFFDb');
  });
});
