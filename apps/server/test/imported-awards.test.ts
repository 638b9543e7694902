import type { AwardInfo } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { acceptParticipation, createGame, createPlayer, createTeamWithMembers, userId } from './play-fixtures';
import { exportGame, importZip } from './transfer-fixtures';

/*
 * Awards that travel through a game package (docs/game-transfer.md, "Awards"): an import brings no teams, so each
 * award waits under its team's name and becomes a real award the moment a team of that name is accepted into the
 * new game (the trigger of migration 0028), once, whichever path accepts it.
 */
let ctx: TestContext;
let admin: TestClient;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'awardadmin');
});
afterAll(() => ctx.close());

const pending = (gameId: number) =>
  ctx.db
    .selectFrom('pending_awards')
    .select(['team_name', 'points', 'reason'])
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
const awardsOf = (gameId: number) =>
  ctx.db
    .selectFrom('game_awards')
    .select(['participation_id', 'points', 'reason', 'counts_for_tie_break', 'created_by'])
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();

describe('awards in a game package', () => {
  let copy: number;
  let teamId: number;

  it('wait under their team’s name in the imported game', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, {
      start: new Date(now - HOUR),
      end: new Date(now + HOUR),
      title: 'Awards',
    });
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'awardteam');
    teamId = player.teamId;
    const path = `/api/edit/games/${gameId}/awards`;
    ok<AwardInfo>(await admin.post(path, { teamId, points: 40, reason: 'best writeup', countsForTieBreak: true }));
    ok<AwardInfo>(await admin.post(path, { teamId, points: -15, reason: 'noisy scanning' }));
    const { response } = await exportGame(admin, gameId, 'teams');
    copy = ok<number>(await importZip(admin, response.rawPayload));
    expect(await pending(copy)).toEqual([
      { team_name: 'T-awardteam', points: 40, reason: 'best writeup' },
      { team_name: 'T-awardteam', points: -15, reason: 'noisy scanning' },
    ]);
    expect(await awardsOf(copy)).toEqual([]);
  });

  it('apply once when that team is accepted, even by two acceptances at once', async () => {
    const member = await userId(ctx.db, 'awardteam');
    const entry = await acceptParticipation(ctx.db, copy, teamId, [member], 'Pending');
    expect(await awardsOf(copy)).toEqual([]);
    // Two organisers accept the entry at the same moment: the row lock makes the second wait and find nothing left.
    await Promise.all(
      [0, 1].map(() =>
        ctx.db.updateTable('participations').set({ status: 'Accepted' }).where('id', '=', entry).execute(),
      ),
    );
    expect(await awardsOf(copy)).toEqual([
      { participation_id: entry, points: 40, reason: 'best writeup', counts_for_tie_break: true, created_by: null },
      { participation_id: entry, points: -15, reason: 'noisy scanning', counts_for_tie_break: false, created_by: null },
    ]);
    expect(await pending(copy)).toEqual([]);
    // Suspended and accepted again: nothing is applied twice.
    await ctx.db.updateTable('participations').set({ status: 'Suspended' }).where('id', '=', entry).execute();
    await ctx.db.updateTable('participations').set({ status: 'Accepted' }).where('id', '=', entry).execute();
    expect(await awardsOf(copy)).toHaveLength(2);
    // The board counts them.
    await ctx.app.services.play.scoreboard.settle();
    const admins = ok<{ items: Array<{ id: number; score: number }> }>(await admin.get(`/api/game/${copy}/scoreboard`));
    expect(admins.items.find((item) => item.id === teamId)?.score).toBe(25);
  });

  it('wait only for their own team: another team’s acceptance takes none of them', async () => {
    const now = ctx.clock.now().getTime();
    const target = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Other' });
    await ctx.db
      .insertInto('pending_awards')
      .values({ game_id: target, team_name: 'Named Team', points: 7, reason: 'r', created_at: new Date(now) })
      .execute();
    const other = await createTeamWithMembers(ctx.db, 'Another Team', [await userId(ctx.db, 'awardadmin')]);
    await acceptParticipation(ctx.db, target, other, []);
    expect(await awardsOf(target)).toEqual([]);
    expect(await pending(target)).toHaveLength(1);
  });
});
