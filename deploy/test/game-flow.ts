import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { fetchWithin, HttpSession } from './http-session';

/** A 4×4 PNG, enough for the avatar pipeline (re-encoded to WebP and stored by hash). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4oaEBRwzEcQDRQxGBpDPMeQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, fileName: string, type: string, content: Buffer) {
  const boundary = `----flagpole${randomBytes(8).toString('hex')}`;
  const data = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * What a game needs end to end, through the platform's HTTP API only: the administrator makes a running
 * game with a challenge; a player registers, signs in, uploads an avatar, makes a team, joins the game
 * (accepted by the administrator) and scores the flag, which the scoreboard then shows.
 */
export async function playOneFlag(base: string, adminPassword: string): Promise<void> {
  const admin = new HttpSession(base);
  await admin.call('POST', '/api/account/login', { userName: 'admin', password: adminPassword });
  const now = Date.now();
  const game = await admin.call<{ id: number }>('POST', '/api/edit/games', {
    title: 'Image check',
    start: now - 3_600_000,
    end: now + 86_400_000,
  });
  const challenge = await admin.call<{ id: number }>('POST', `/api/edit/games/${game.id}/challenges`, {
    title: 'Shipped',
    type: 'StaticAttachment',
  });
  await admin.call('POST', `/api/edit/games/${game.id}/challenges/${challenge.id}/flags`, [{ flag: 'flag{shipped}' }]);
  await admin.call('PUT', `/api/edit/games/${game.id}/challenges/${challenge.id}`, { isEnabled: true });

  const userName = `player${randomBytes(3).toString('hex')}`;
  const password = 'Passw0rd!image';
  const player = new HttpSession(base);
  await player.call('POST', '/api/account/register', { userName, password, email: `${userName}@example.org` });
  await player.call('POST', '/api/account/logout');
  await player.call('POST', '/api/account/login', { userName, password });
  const profile = await player.call<{ userName: string }>('GET', '/api/account/profile');
  expect(profile.userName).toBe(userName);

  const upload = await player.send(
    'PUT',
    '/api/account/avatar',
    undefined,
    multipart('file', 'me.png', 'image/png', PNG),
  );
  const avatarUrl = (await upload.json()) as string;
  expect(upload.status, avatarUrl).toBe(200);
  const avatar = await fetchWithin(`${base}${avatarUrl}`);
  expect(avatar.status).toBe(200);
  expect(avatar.headers.get('content-type')).toBe('image/webp');

  const team = await player.call<{ id: number }>('POST', '/api/team', { name: `Team ${userName}` });
  await player.call('POST', `/api/game/${game.id}`, { teamId: team.id });
  for (const { id } of await admin.call<{ id: number }[]>('GET', `/api/game/${game.id}/participations`)) {
    await admin.call('PUT', `/api/admin/participation/${id}`, { status: 'Accepted', divisionId: null });
  }

  const submission = await player.call<number>('POST', `/api/game/${game.id}/challenges/${challenge.id}`, {
    flag: 'flag{shipped}',
  });
  await expect
    .poll(() => player.call<string>('GET', `/api/game/${game.id}/challenges/${challenge.id}/status/${submission}`), {
      timeout: 15_000,
    })
    .toBe('Accepted');
  await expect
    .poll(
      async () => {
        const board = await player.call<{ items: { name: string; score: number }[] }>(
          'GET',
          `/api/game/${game.id}/scoreboard`,
        );
        return board.items.map((item) => [item.name, item.score]);
      },
      { timeout: 15_000 },
    )
    .toEqual([[`Team ${userName}`, expect.any(Number)]]);
  const board = await player.call<{ items: { score: number }[] }>('GET', `/api/game/${game.id}/scoreboard`);
  expect(board.items[0]?.score).toBeGreaterThan(0);
}
