import type { GameNotice } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { createDueTicker } from '../lib/due-ticker';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import type { NoticeRepository } from '../repositories/notice.repository';
import { GAMES_CHANGED } from './game-edit.service';
import type { NoticeService } from './notice.service';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/*
 * Timed release, the moving part (docs/game-play.md, "Timed release"). What players see follows from the rule in
 * scoring/release.ts, evaluated with the injected clock; this ticker makes the change show at the release instant:
 *
 * - every process holds the game's upcoming releases, read from the database at start, after every challenge or
 *   game change (their events) and every few seconds, so no release is lost by a restart and no timer is armed
 *   only in memory;
 * - each tick compares the clock with them: a release that came rebuilds the game's board in this process at
 *   once (the live channels then push the new board to every open page, which fetches the challenge list again);
 * - the release's NewChallenge notice is claimed in the database with a conditional update (`release_announced_at`
 *   is null → now) in the transaction that stores the notice, so exactly one process publishes it however many run,
 *   and a process that dies before committing leaves it to the next tick of any process.
 */

/** How often each process compares the clock with the releases it holds (real time). */
const TICK_MS = 200;
/** How often the upcoming releases are read again without any announced change (real time). */
const REREAD_MS = 5_000;

interface Upcoming {
  gameId: number;
  at: number;
  /** Enabled and not announced yet: due for the notice claim once `at` has come. */
  claimable: boolean;
}

export function createReleaseTicker(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  notices: NoticeService;
  noticeRepository: NoticeRepository;
  /** Rebuilds a game's board in this process (a release changes its columns). */
  rebuildHere: (gameId: number) => void;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { db } = deps;

  /** Releases still ahead, and releases that came whose notice nobody has claimed (enabled ones only). */
  async function read(now: Date): Promise<Upcoming[]> {
    const rows = await db
      .selectFrom('challenges')
      .select(['game_id', 'release_at', 'is_enabled', 'release_announced_at'])
      .where('release_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('release_at', '>', now),
          eb.and([eb('release_announced_at', 'is', null), eb('is_enabled', '=', true)]),
        ]),
      )
      .execute();
    return rows.flatMap((row) =>
      row.release_at
        ? [
            {
              gameId: row.game_id,
              at: row.release_at.getTime(),
              claimable: row.is_enabled && row.release_announced_at === null,
            },
          ]
        : [],
    );
  }

  /**
   * Claims every release that came and is not announced, and stores the notices of those in a running game, in one
   * transaction: a concurrent claim (another process) waits for the row lock and then finds them claimed.
   */
  async function claim(now: Date): Promise<void> {
    const claimed = await db.transaction().execute(async (trx) => {
      const rows = await sql<{ id: number; game_id: number; title: string; start_at: Date; end_at: Date }>`
        update challenges c set release_announced_at = ${now}
        from games g
        where g.id = c.game_id and c.release_at is not null and c.release_at <= ${now}
          and c.release_announced_at is null and c.is_enabled
        returning c.id, c.game_id, c.title, g.start_at, g.end_at`.execute(trx);
      const notices: { gameId: number; notice: GameNotice }[] = [];
      for (const row of [...rows.rows].sort((a, b) => a.id - b.id)) {
        // As when enabling: a notice only while the game runs (before the start every challenge appears at once).
        const running = now.getTime() >= row.start_at.getTime() && now.getTime() < row.end_at.getTime();
        if (!running) continue;
        const notice = await deps.noticeRepository.insert(row.game_id, 'NewChallenge', [row.title], now, trx);
        notices.push({ gameId: row.game_id, notice });
      }
      return { games: new Set(rows.rows.map((row) => row.game_id)), notices };
    });
    for (const gameId of claimed.games) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
    for (const { gameId, notice } of claimed.notices) await deps.notices.announce(gameId, notice);
  }

  return createDueTicker({
    clock: deps.clock,
    events: deps.events,
    staleOn: [SCOREBOARD_INVALIDATE, GAMES_CHANGED, BUS_RESYNC],
    read,
    at: (release) => release.at,
    async onDue(due, now) {
      for (const gameId of new Set(due.map((release) => release.gameId))) deps.rebuildHere(gameId);
      if (due.some((release) => release.claimable)) await claim(now);
    },
    log: deps.log,
    name: 'challenge release',
    tickMs: deps.tickMs ?? TICK_MS,
    rereadMs: REREAD_MS,
  });
}
export type ReleaseTicker = ReturnType<typeof createReleaseTicker>;
