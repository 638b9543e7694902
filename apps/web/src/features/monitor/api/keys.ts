import type { AnswerResult } from '@flagpole/contract';

/** Rows per page of the monitor feeds. One more is asked for to learn whether an older page exists. */
export const MONITOR_PAGE_SIZE = 50;

/** `&search=…` when searching (Flagpole's own parameter); nothing otherwise, as the reference's clients send. */
const searchParam = (search: string | null) => (search ? `&search=${encodeURIComponent(search)}` : '');

/** SWR keys (= API paths) of the monitor endpoints. */
export const monitorKeys = {
  events: (gameId: number, page: number, hideContainer: boolean, search: string | null = null) =>
    `/api/game/${gameId}/events?count=${MONITOR_PAGE_SIZE + 1}&skip=${page * MONITOR_PAGE_SIZE}&hideContainer=${hideContainer}${searchParam(search)}`,
  submissions: (gameId: number, page: number, type: AnswerResult | null, search: string | null = null) =>
    `/api/game/${gameId}/submissions?count=${MONITOR_PAGE_SIZE + 1}&skip=${page * MONITOR_PAGE_SIZE}${type ? `&type=${type}` : ''}${searchParam(search)}`,
  cheatInfo: (gameId: number) => `/api/game/${gameId}/cheatinfo`,
  dashboard: (gameId: number) => `/api/game/${gameId}/dashboard`,
  evidence: (gameId: number) => `/api/game/${gameId}/evidence?dismissed=true`,
  evidenceJson: (gameId: number) => `/api/game/${gameId}/evidence/export`,
  evidenceSheet: (gameId: number) => `/api/game/${gameId}/evidencesheet`,
  scoreboardSheet: (gameId: number) => `/api/game/${gameId}/scoreboardsheet`,
  submissionSheet: (gameId: number) => `/api/game/${gameId}/submissionsheet`,
} as const;
