/** SWR keys (= API paths) of the game endpoints, shared by queries and the mutations that refresh them. */
export const gameKeys = {
  list: (count: number, skip: number, search: string | null = null) =>
    `/api/game?count=${count}&skip=${skip}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  recent: (limit: number) => `/api/game/recent?limit=${limit}`,
  game: (id: number) => `/api/game/${id}`,
  details: (id: number) => `/api/game/${id}/details`,
  check: (id: number) => `/api/game/${id}/check`,
  roster: (id: number) => `/api/game/${id}/roster`,
  challenge: (id: number, challengeId: number) => `/api/game/${id}/challenges/${challengeId}`,
  status: (id: number, challengeId: number, submissionId: number) =>
    `/api/game/${id}/challenges/${challengeId}/status/${submissionId}`,
  /** The locked hints of a challenge as the team sees them (Flagpole, issue 28). */
  hints: (id: number, challengeId: number) => `/api/game/${id}/challenges/${challengeId}/hints`,
  notices: (id: number) => `/api/game/${id}/notices`,
  scoreboard: (id: number) => `/api/game/${id}/scoreboard`,
  /** The board players see during a freeze, for organisers (who otherwise read the live one). */
  playersScoreboard: (id: number) => `/api/game/${id}/scoreboard?view=players`,
  /** The board of one game phase (docs/game-play.md, "Phases"); `playersView` as for `playersScoreboard`. */
  phaseScoreboard: (id: number, phaseId: number, playersView = false) =>
    `/api/game/${id}/scoreboard?phase=${phaseId}${playersView ? '&view=players' : ''}`,
  myTeams: '/api/team',
} as const;

/** A route parameter as a positive integer id, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
