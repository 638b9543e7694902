import type { BasicGameInfoModel } from '@flagpole/contract';
import type { GameRow } from '../repositories/game.repository';
import { posterUrl } from './game-edit.service';
import { hasGameEnded, hasGameStarted } from './game-window';

/* The game lists' shapes and order (`GET /api/game`, `GET /api/game/recent`), apart from the entry rules. */

/** How many games `GET /api/game/recent` returns at most (also for `limit=0`). */
export const RECENT_GAMES_MAX = 50;

/** A game's card in the lists: from any row that has these columns (the game lists, a team's results). */
export function toBasic(
  game: Pick<GameRow, 'id' | 'title' | 'summary' | 'poster_hash' | 'team_member_count_limit' | 'start_at' | 'end_at'>,
): BasicGameInfoModel {
  return {
    id: game.id,
    title: game.title,
    summary: game.summary,
    poster: posterUrl(game.poster_hash),
    limit: game.team_member_count_limit,
    start: game.start_at.getTime(),
    end: game.end_at.getTime(),
  };
}

/** Running games (closest start or end first), then upcoming (soonest first), then ended (latest first). */
export function orderRecentGames(games: GameRow[], now: Date): GameRow[] {
  const t = now.getTime();
  const phase = (g: GameRow) => (!hasGameStarted(g, now) ? 1 : hasGameEnded(g, now) ? 2 : 0);
  const key = (g: GameRow) => {
    const start = g.start_at.getTime();
    const end = g.end_at.getTime();
    switch (phase(g)) {
      case 0:
        return Math.min(t - start, end - t);
      case 1:
        return start - t;
      default:
        return t - end;
    }
  };
  return [...games].sort((a, b) => phase(a) - phase(b) || key(a) - key(b) || b.id - a.id);
}
