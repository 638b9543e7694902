import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { importZip, zipOf } from './transfer-fixtures';

/** A package written by hand exactly as the reference platform's exporter writes one imports here. */
let ctx: TestContext;
let admin: TestClient;
type Json = Record<string, unknown>;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'refadmin');
});
afterAll(() => ctx.close());

describe('reference layout', () => {
  it('imports a package written exactly as the reference exporter writes one', async () => {
    const attachment = Buffer.from('reference attachment bytes');
    const flagFile = Buffer.from('per-flag file');
    const hash = sha256(attachment);
    const flagHash = sha256(flagFile);
    const referencePackage = zipOf({
      'manifest.json': {
        version: '1.0',
        format: 'GZCTF-GAME',
        exportedAt: '2025-11-02T10:20:30.1234567+00:00',
        exporterVersion: '1.7.1.0',
        game: { id: 42, title: 'Reference Game' },
        statistics: { challengeCount: 3, divisionCount: 1, totalFlags: 3, totalFiles: 2, totalFileSize: 39 },
      },
      'game.json': {
        title: 'Reference Game',
        summary: 'From the reference',
        content: 'Content',
        hidden: false,
        practiceMode: true,
        acceptWithoutReview: false,
        inviteCode: 'INVITE_1',
        teamMemberCountLimit: 3,
        containerCountLimit: 3,
        startTime: '2025-10-01T00:00:00+08:00',
        endTime: '2025-10-03T23:59:59+08:00',
        writeup: { required: true, deadline: '2025-10-10T23:59:59+08:00', note: null },
        bloodBonus: { first: 50, second: 30, third: 10 },
        posterHash: null,
        divisions: [
          {
            name: 'Students',
            inviteCode: 'STU',
            defaultPermissions: ['JoinGame', 'RankOverall', 'ViewChallenge', 'SubmitFlags', 'GetScore'],
            challengeConfig: [{ challengeId: 7, permissions: ['All'] }],
          },
        ],
      },
      'challenges/': '',
      'challenges/challenge-7.json': {
        id: 7,
        title: 'Static One',
        content: 'Solve me',
        category: 'Forensics',
        type: 'StaticAttachment',
        enabled: true,
        scoring: { original: 800, minRate: 0.3, difficulty: 4.5 },
        limits: { submission: 0, deadline: null },
        flags: {
          disableBloodBonus: false,
          enableTrafficCapture: false,
          template: null,
          static: [{ value: 'ref{static}', attachment: null }],
        },
        attachment: {
          type: 'Local',
          hash: hash.toUpperCase(),
          fileName: 'evidence.img',
          fileSize: attachment.length,
          remoteUrl: null,
        },
        hints: null,
        container: null,
      },
      'challenges/challenge-9.json': {
        id: 9,
        title: 'Dynamic Box',
        content: '',
        category: 'pwn',
        type: 'DynamicContainer',
        enabled: false,
        scoring: { original: 1000, minRate: 0.25, difficulty: 5 },
        limits: { submission: 10, deadline: '2025-10-02T12:00:00.5+08:00' },
        flags: { disableBloodBonus: true, enableTrafficCapture: true, template: 'ref{[TEAM_HASH]}', static: [] },
        attachment: null,
        hints: ['First hint'],
        container: {
          image: 'ghcr.io/example/box:latest',
          memoryLimit: 64,
          cpuCount: 1,
          storageLimit: 256,
          exposePort: 8080,
          networkMode: 'Open',
          fileName: null,
        },
      },
      'challenges/challenge-8.json': {
        id: 8,
        title: 'Pool',
        content: 'Each team gets its own file',
        category: 'Reverse',
        type: 'DynamicAttachment',
        enabled: false,
        scoring: { original: 1000, minRate: 0.25, difficulty: 5 },
        limits: { submission: 0, deadline: null },
        flags: {
          disableBloodBonus: false,
          enableTrafficCapture: false,
          template: null,
          static: [
            {
              value: 'ref{pool}',
              attachment: {
                type: 'Local',
                hash: flagHash,
                fileName: 'bin',
                fileSize: flagFile.length,
                remoteUrl: null,
              },
            },
          ],
        },
        attachment: null,
        hints: null,
        container: null,
      },
      'files/': '',
      [`files/${hash}`]: attachment,
      [`files/${flagHash}`]: flagFile,
    });
    const gameId = ok<number>(
      await importZip(admin, referencePackage, {
        fileName: 'Reference Game-export-20251102-102030.ZIP',
        contentType: 'application/x-zip-compressed',
      }),
    );
    const game = ok<Json>(await admin.get(`/api/edit/games/${gameId}`));
    expect(game).toMatchObject({
      title: 'Reference Game',
      summary: 'From the reference',
      hidden: true,
      practiceMode: false,
      inviteCode: null,
      teamMemberCountLimit: 3,
      start: Date.parse('2025-10-01T00:00:00+08:00'),
      end: Date.parse('2025-10-03T23:59:59+08:00'),
      writeupRequired: true,
      writeupDeadline: Date.parse('2025-10-10T23:59:59+08:00'),
      writeupNote: '',
      bloodBonus: 52_459_530,
      poster: null,
    });
    const list = ok<Array<{ id: number; title: string }>>(await admin.get(`/api/edit/games/${gameId}/challenges`));
    expect(list.map((c) => c.title)).toEqual(['Static One', 'Pool', 'Dynamic Box']);
    const [staticOne, pool, dynamicBox] = await Promise.all(
      list.map(async (c) => ok<Json>(await admin.get(`/api/edit/games/${gameId}/challenges/${c.id}`))),
    );
    expect(staticOne).toMatchObject({
      category: 'Forensics',
      isEnabled: false,
      fileName: 'evidence.img',
      attachment: { type: 'Local', url: `/assets/${hash}/evidence.img`, fileSize: attachment.length },
      flags: [{ flag: 'ref{static}', attachment: null }],
      originalScore: 800,
      minScoreRate: 0.3,
      difficulty: 4.5,
      hints: [],
    });
    expect(pool).toMatchObject({ flags: [{ flag: 'ref{pool}', attachment: { url: `/assets/${flagHash}/bin` } }] });
    expect(dynamicBox).toMatchObject({
      category: 'Pwn',
      type: 'DynamicContainer',
      flagTemplate: 'ref{[TEAM_HASH]}',
      containerImage: 'ghcr.io/example/box:latest',
      exposePort: 8080,
      enableTrafficCapture: true,
      disableBloodBonus: true,
      submissionLimit: 10,
      deadlineUtc: Date.parse('2025-10-02T12:00:00.500+08:00'),
      hints: ['First hint'],
    });
    const stored = await admin.get(`/assets/${hash}/evidence.img`);
    expect(stored.rawPayload.equals(attachment)).toBe(true);

    // The division keeps its invite code and permissions; its config follows the challenge to its new id.
    const divisions = ok<Json[]>(await admin.get(`/api/edit/games/${gameId}/divisions`));
    expect(divisions).toEqual([
      {
        id: expect.any(Number),
        name: 'Students',
        inviteCode: 'STU',
        defaultPermissions: 1 + 2 + 256 + 512 + 1024,
        challengeConfigs: [{ challengeId: list[0]?.id, permissions: 2_147_483_647 }],
      },
    ]);
  });
});
