import type { ChallengeDetailModel, ChallengeEditDetailModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartBody } from './multipart';
import { createPlayer, type Player } from './play-fixtures';

/**
 * A local attachment downloads under the name its file was uploaded with, typed by that name's extension,
 * unless the organiser set a download name (`fileName`); the organiser's editor and the player see that name.
 */

let ctx: TestContext;
let admin: TestClient;
let gameId: number;
let player: Player;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'names_admin');
  gameId = (await createGame(ctx, admin)).id;
  player = await createPlayer(ctx.app, ctx.db, gameId, 'names_player');
});
afterAll(() => ctx.close());

async function upload(fileName: string, content: string): Promise<string> {
  const body = multipartBody('files', fileName, 'application/octet-stream', Buffer.from(content));
  const [file] = ok<Array<{ hash: string; name: string }>>(await admin.post('/api/assets', undefined, { raw: body }));
  expect(file?.name).toBe(fileName);
  return file?.hash ?? '';
}

async function staticChallenge(title: string): Promise<number> {
  const base = `/api/edit/games/${gameId}/challenges`;
  const { id } = ok<{ id: number }>(await admin.post(base, { title, type: 'StaticAttachment' }));
  ok(await admin.post(`${base}/${id}/flags`, [{ flag: 'flag{names}' }]));
  ok(await admin.put(`${base}/${id}`, { isEnabled: true }));
  return id;
}

const editDetail = (id: number) =>
  admin.get(`/api/edit/games/${gameId}/challenges/${id}`).then((r) => ok<ChallengeEditDetailModel>(r));

async function download(url: string) {
  const response = await player.client.get(url);
  expect(response.statusCode, url).toBe(200);
  return response;
}

describe('local attachments', () => {
  it('download under the uploaded name, typed by its extension, in the editor and for players', async () => {
    const hash = await upload('warmup.txt', 'warm up with this');
    const id = await staticChallenge('Warm-up');
    ok(
      await admin.post(`/api/edit/games/${gameId}/challenges/${id}/attachment`, {
        attachmentType: 'Local',
        fileHash: hash,
      }),
    );

    const detail = await editDetail(id);
    expect(detail.fileName).toBeNull();
    expect(detail.attachment?.url).toBe(`/assets/${hash}/warmup.txt`);

    const seen = ok<ChallengeDetailModel>(await player.client.get(`/api/game/${gameId}/challenges/${id}`));
    expect(seen.context.url).toBe(`/assets/${hash}/warmup.txt`);

    const response = await download(seen.context.url ?? '');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toContain('filename="warmup.txt"');
    expect(response.body).toBe('warm up with this');
  });

  it('download under the name the organiser set instead', async () => {
    const hash = await upload('notes.md', '# notes');
    const id = await staticChallenge('Named');
    ok(
      await admin.post(`/api/edit/games/${gameId}/challenges/${id}/attachment`, {
        attachmentType: 'Local',
        fileHash: hash,
      }),
    );
    const renamed = ok<ChallengeEditDetailModel>(
      await admin.put(`/api/edit/games/${gameId}/challenges/${id}`, { fileName: 'task.zip' }),
    );
    expect(renamed.fileName).toBe('task.zip');
    expect(renamed.attachment?.url).toBe(`/assets/${hash}/task.zip`);
    const seen = ok<ChallengeDetailModel>(await player.client.get(`/api/game/${gameId}/challenges/${id}`));
    expect(seen.context.url).toBe(`/assets/${hash}/task.zip`);
    const response = await download(seen.context.url ?? '');
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('filename="task.zip"');
  });

  it('keep the name they were made with when the same content is uploaded again under another name', async () => {
    const hash = await upload('first.bin', 'same bytes');
    const id = await staticChallenge('Kept');
    ok(
      await admin.post(`/api/edit/games/${gameId}/challenges/${id}/attachment`, {
        attachmentType: 'Local',
        fileHash: hash,
      }),
    );
    expect(await upload('second.bin', 'same bytes')).toBe(hash);
    expect((await editDetail(id)).attachment?.url).toBe(`/assets/${hash}/first.bin`);
  });

  it('of a dynamic-attachment pool each download under their own uploaded name', async () => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = ok<{ id: number }>(await admin.post(base, { title: 'Pool', type: 'DynamicAttachment' }));
    const hash = await upload('pool-one.tar', 'pool file');
    ok(await admin.post(`${base}/${id}/flags`, [{ flag: 'flag{pool}', attachmentType: 'Local', fileHash: hash }]));
    const detail = await editDetail(id);
    expect(detail.flags[0]?.attachment?.url).toBe(`/assets/${hash}/pool-one.tar`);
  });
});
