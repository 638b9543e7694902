/** SWR keys (= API paths) of the writeup endpoints. */
export const writeupKeys = {
  mine: (gameId: number) => `/api/game/${gameId}/writeup`,
  all: (gameId: number) => `/api/admin/writeups/${gameId}`,
  archive: (gameId: number) => `/api/admin/writeups/${gameId}/all`,
  clear: (gameId: number) => `/api/edit/games/${gameId}/writeups`,
} as const;
