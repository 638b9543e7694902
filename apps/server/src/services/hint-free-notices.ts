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
 * The NewHint notice of a FreeAfter hint at its `freeAt` (docs/game-play.md, "Hints with a cost"), scheduled as timed
 * releases are (services/challenge-release.ts):
 *
 * - every process holds the times of the hints not announced yet, read from the database at start, after every
 *   challenge, hint or game change (their events) and every few seconds, so no time is lost by a restart;
 * - when one has come, the hint is claimed with a conditional update (`notice_posted_at` is null → now) in the
 *   transaction that stores the notice: one process posts it however many run;
 * - the notice names the challenge only when players see it then: the game runs, the challenge is enabled and
 *   released, and not hidden until its prerequisites are solved (its title would reach every team). Otherwise the
 *   hint is claimed silently: players see it with the challenge, whose own appearance is announced (or not) then.
 */

const TICK_MS = 200;
const REREAD_MS = 5_000;

interface ClaimedHint {
  challenge_id: number;
  game_id: number;
  title: string;
  is_enabled: boolean;
  release_at: Date | null;
  hidden_until_unlocked: boolean;
  start_at: Date;
  end_at: Date;
}

/** Whether players of the game see the challenge at `now`, so a notice may name it. */
export function onTheBoard(row: ClaimedHint, now: number): boolean {
  const running = now >= row.start_at.getTime() && now < row.end_at.getTime();
  const released = row.release_at === null || row.release_at.getTime() <= now;
  return running && row.is_enabled && released && !row.hidden_until_unlocked;
}

export function createHintFreeNotices(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  notices: NoticeService;
  noticeRepository: NoticeRepository;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { db } = deps;

  async function read(): Promise<number[]> {
    const rows = await db
      .selectFrom('challenge_hints')
      .select('free_at')
      .where('free_at', 'is not', null)
      .where('notice_posted_at', 'is', null)
      .execute();
    return rows.flatMap((row) => (row.free_at ? [row.free_at.getTime()] : []));
  }

  async function claim(now: Date): Promise<void> {
    const notices = await db.transaction().execute(async (trx) => {
      const claimed = await sql<ClaimedHint>`
        update challenge_hints h set notice_posted_at = ${now}
        from challenges c, games g
        where c.id = h.challenge_id and g.id = c.game_id and h.free_at is not null and h.free_at <= ${now}
          and h.notice_posted_at is null
        returning h.challenge_id, c.game_id, c.title, c.is_enabled, c.release_at, g.start_at, g.end_at,
          (c.prerequisite_hidden and exists (
            select 1 from challenge_prerequisites p where p.challenge_id = c.id)) as hidden_until_unlocked`.execute(
        trx,
      );
      const announced = new Set<number>();
      const stored: { gameId: number; notice: GameNotice }[] = [];
      for (const row of [...claimed.rows].sort((a, b) => a.challenge_id - b.challenge_id)) {
        // Several hints of one challenge free at once: one notice names the challenge.
        if (announced.has(row.challenge_id) || !onTheBoard(row, now.getTime())) continue;
        announced.add(row.challenge_id);
        const notice = await deps.noticeRepository.insert(row.game_id, 'NewHint', [row.title], now, trx);
        stored.push({ gameId: row.game_id, notice });
      }
      return stored;
    });
    for (const { gameId, notice } of notices) await deps.notices.announce(gameId, notice);
  }

  return createDueTicker({
    clock: deps.clock,
    events: deps.events,
    staleOn: [SCOREBOARD_INVALIDATE, GAMES_CHANGED, BUS_RESYNC],
    read,
    at: (freeAt) => freeAt,
    onDue: (_due, now) => claim(now),
    log: deps.log,
    name: 'hint notice',
    tickMs: deps.tickMs ?? TICK_MS,
    rereadMs: REREAD_MS,
  });
}
export type HintFreeNotices = ReturnType<typeof createHintFreeNotices>;
