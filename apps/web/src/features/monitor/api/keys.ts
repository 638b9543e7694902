import type { AnswerResult } from '@flagpole/contract';

/** Rows per page of the monitor feeds. One more is asked for to learn whether an older page exists. */
export const MONITOR_PAGE_SIZE = 50;

/** SWR keys (= API paths) of the monitor endpoints. */
export const monitorKeys = {
  events: (gameId: number, page: number, hideContainer: boolean) =>
    `/api/game/${gameId}/events?count=${MONITOR_PAGE_SIZE + 1}&skip=${page * MONITOR_PAGE_SIZE}&hideContainer=${hideContainer}`,
  submissions: (gameId: number, page: number, type: AnswerResult | null) =>
    `/api/game/${gameId}/submissions?count=${MONITOR_PAGE_SIZE + 1}&skip=${page * MONITOR_PAGE_SIZE}${type ? `&type=${type}` : ''}`,
  cheatInfo: (gameId: number) => `/api/game/${gameId}/cheatinfo`,
  scoreboardSheet: (gameId: number) => `/api/game/${gameId}/scoreboardsheet`,
  submissionSheet: (gameId: number) => `/api/game/${gameId}/submissionsheet`,
} as const;
