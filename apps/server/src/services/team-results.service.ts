import type { TeamGameResult } from '@flagpole/contract';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { toBasic } from './game-list-order';
import { hasGameStarted } from './game-window';
import type { ScoreboardService } from './scoreboard.service';

/**
 * A team's public record (docs/teams-and-game-entry.md, "Public team pages"): the games it plays or played
 * through an Accepted entry, hidden games left out, with its standing read from each game's cached scoreboard.
 */
export function createTeamResultsService(deps: { db: Db; clock: Clock; scoreboard: ScoreboardService }) {
  return {
    /** `organiser`: the caller is an Admin or Monitor, who reads the live board during a freeze as everywhere. */
    async games(teamId: number, organiser = false): Promise<TeamGameResult[]> {
      const team = await deps.db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
      if (!team) throw notFound('error.teamNotFound');
      const rows = await deps.db
        .selectFrom('participations as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .select([
          'g.id',
          'g.title',
          'g.summary',
          'g.poster_hash',
          'g.team_member_count_limit',
          'g.start_at',
          'g.end_at',
          'g.practice_mode',
        ])
        .where('p.team_id', '=', teamId)
        .where('p.status', '=', 'Accepted')
        .where('g.hidden', '=', false)
        .orderBy('g.start_at', 'desc')
        .orderBy('g.id', 'desc')
        .execute();
      const now = deps.clock.now();
      return Promise.all(
        rows.map(async (game): Promise<TeamGameResult> => {
          const live = hasGameStarted(game, now) ? await deps.scoreboard.get(game.id) : null;
          // A public page: during a freeze, the standing as it was at the freeze (organisers: the live one).
          const board = live && (organiser ? live : deps.scoreboard.forPlayers(live));
          const item = board?.itemByTeam.get(teamId);
          return {
            game: toBasic(game),
            // A team that has not scored has no place yet, whatever its position in the list.
            rank: item && item.score > 0 ? item.rank : 0,
            score: item?.score ?? 0,
            solvedCount: item?.solvedCount ?? 0,
            challengeCount: board?.model.challengeCount ?? 0,
            teamCount: board?.model.items.length ?? 0,
          };
        }),
      );
    },
  };
}
export type TeamResultsService = ReturnType<typeof createTeamResultsService>;
