/** SWR keys (= API paths) of the container and capture endpoints. */
export const containerKeys = {
  instance: (gameId: number, challengeId: number) => `/api/game/${gameId}/container/${challengeId}`,
  extend: (gameId: number, challengeId: number) => `/api/game/${gameId}/container/${challengeId}/extend`,
  testContainer: (gameId: number, challengeId: number) =>
    `/api/edit/games/${gameId}/challenges/${challengeId}/container`,
  testServices: (gameId: number, challengeId: number) =>
    `/api/edit/games/${gameId}/challenges/${challengeId}/container/services`,
  adminInstances: '/api/admin/instances',
  adminInstance: (guid: string) => `/api/admin/instances/${encodeURIComponent(guid)}`,
  captureChallenges: (gameId: number) => `/api/game/games/${gameId}/captures`,
  captureTeams: (challengeId: number) => `/api/game/captures/${challengeId}`,
  captureFiles: (challengeId: number, partId: number) => `/api/game/captures/${challengeId}/${partId}`,
  captureAll: (challengeId: number, partId: number) => `/api/game/captures/${challengeId}/${partId}/all`,
  captureFile: (challengeId: number, partId: number, fileName: string) =>
    `/api/game/captures/${challengeId}/${partId}/${encodeURIComponent(fileName)}`,
} as const;
