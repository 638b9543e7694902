/** SWR keys of the organiser's game API; mutations revalidate by these. */
export const editGamesPrefix = '/api/edit/games';
export const gameKey = (gameId: number) => `/api/edit/games/${gameId}`;
export const noticesKey = (gameId: number) => `/api/edit/games/${gameId}/notices`;
export const challengesKey = (gameId: number) => `/api/edit/games/${gameId}/challenges`;
export const challengeKey = (gameId: number, challengeId: number) =>
  `/api/edit/games/${gameId}/challenges/${challengeId}`;
export const divisionsKey = (gameId: number) => `/api/edit/games/${gameId}/divisions`;
export const phasesKey = (gameId: number) => `/api/edit/games/${gameId}/phases`;
export const participationsKey = (gameId: number) => `/api/game/${gameId}/participations`;

/** Matches every cached page of the games list. */
export const isGamesListKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${editGamesPrefix}?`);

/** A page of a list: `length` items returned out of `total` (api-contract §1.4). */
export interface ArrayResponse<T> {
  data: T[];
  length: number;
  total: number;
}
