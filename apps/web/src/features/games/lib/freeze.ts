import type { DetailedGameInfoModel } from '@flagpole/contract';

/**
 * Whether players see the frozen board at `now`: from the game's freeze until an organiser reveals the final board
 * (docs/game-play.md, "Freeze and reveal"). Games without a freeze (and servers that do not send one) never are.
 */
export function isBoardFrozen(game: Pick<DetailedGameInfoModel, 'freezeAt' | 'scoreboardRevealed'>, now: number) {
  return (
    game.freezeAt !== null && game.freezeAt !== undefined && game.scoreboardRevealed !== true && now >= game.freezeAt
  );
}
