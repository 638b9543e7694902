import { GameErrorCode } from '@flagpole/contract';
import { AppError } from '../http/errors';

/** The columns of a game row the time-window checks read. */
export interface GameWindow {
  start_at: Date;
  end_at: Date;
  practice_mode: boolean;
}

export const hasGameStarted = (game: GameWindow, now: Date): boolean => now.getTime() >= game.start_at.getTime();

export const hasGameEnded = (game: GameWindow, now: Date): boolean => now.getTime() >= game.end_at.getTime();

/** Between start (inclusive) and end (exclusive): practice mode does not make an ended game running. */
export const isGameRunning = (game: GameWindow, now: Date): boolean =>
  hasGameStarted(game, now) && !hasGameEnded(game, now);

/** Whether players may act now: started, and not ended unless the game stays open as practice. */
export const isGamePlayable = (game: GameWindow, now: Date): boolean =>
  hasGameStarted(game, now) && (!hasGameEnded(game, now) || game.practice_mode);

export const gameNotStartedError = (): AppError =>
  new AppError(400, 'error.gameNotStarted', undefined, GameErrorCode.GameNotStarted);
export const gameEndedError = (): AppError => new AppError(400, 'error.gameEnded', undefined, GameErrorCode.GameEnded);

/** Throws HTTP 400 with body status 10001 before the game starts. */
export function assertGameStarted(game: GameWindow, now: Date): void {
  if (!hasGameStarted(game, now)) throw gameNotStartedError();
}

/** Throws HTTP 400 with body status 10002 after the end, unless the game stays open in practice mode. */
export function assertGameNotEnded(game: GameWindow, now: Date): void {
  if (hasGameEnded(game, now) && !game.practice_mode) throw gameEndedError();
}

/** Both checks, in the order the contract sends them: not started first, then ended. */
export function assertGamePlayable(game: GameWindow, now: Date): void {
  assertGameStarted(game, now);
  assertGameNotEnded(game, now);
}
