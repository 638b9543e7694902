import type { AnswerResult, CheatInfoModel, GameEvent, Submission } from '@flagpole/contract';
import type { PlayRepository } from '../repositories/play.repository';
import type { GamePlayService } from './game-play.service';

const avatarUrl = (hash: string | null) => (hash ? `/assets/${hash}/avatar` : null);

/** What monitors read about a running game: events, submissions (with the raw answers) and cheat reports. */
export function createGameMonitorService(deps: { repository: PlayRepository; play: GamePlayService }) {
  const { repository, play } = deps;
  return {
    async events(
      gameId: number,
      page: { count: number; skip: number; hideContainer: boolean; search?: string | undefined },
    ): Promise<GameEvent[]> {
      await play.assertStarted(gameId);
      return repository.events(gameId, page);
    },

    async submissions(
      gameId: number,
      page: { count: number; skip: number; type: AnswerResult | undefined; search?: string | undefined },
    ): Promise<Submission[]> {
      await play.assertStarted(gameId);
      return repository.submissions(gameId, page);
    },

    async cheatInfo(gameId: number): Promise<CheatInfoModel[]> {
      await play.assertStarted(gameId);
      const rows = await repository.cheatInfos(gameId);
      return rows.map((r) => ({
        ownedTeam: {
          id: r.owner_id,
          team: { id: r.owner_team_id, name: r.owner_team_name, avatar: avatarUrl(r.owner_team_avatar) },
          status: r.owner_status,
          division: r.owner_division_name,
          divisionId: r.owner_division,
        },
        submitTeam: {
          id: r.submit_id,
          team: { id: r.submit_team_id, name: r.submit_team_name, avatar: avatarUrl(r.submit_team_avatar) },
          status: r.submit_status,
          division: r.submit_division_name,
          divisionId: r.submit_division,
        },
        submission: {
          answer: r.answer,
          status: r.status,
          time: r.submitted_at.getTime(),
          user: r.user_name ?? '',
          team: r.submit_team_name,
          challenge: r.title,
        },
      }));
    },
  };
}
export type GameMonitorService = ReturnType<typeof createGameMonitorService>;
