import type { HintPlayerInfo } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher, http } from '@/lib/http';
import { gameKeys } from './keys';

/** The challenge's locked hints as the team sees them; kept current by the live channel (`hintUnlocked`). */
export function useLockedHints(id: number, challengeId: number | null) {
  return useSWR<HintPlayerInfo[]>(challengeId === null ? null : gameKeys.hints(id, challengeId), fetcher, {
    refreshInterval: 120_000,
  });
}

/**
 * Unlocks a hint for the team; the answer is the team's list. The server records one unlock per team and charges
 * once, so a repeat (a retry after a lost answer, a team-mate's click) is harmless: it is retried like a GET.
 */
export function unlockHint(id: number, challengeId: number, hintId: number): Promise<HintPlayerInfo[]> {
  return http.request<HintPlayerInfo[]>(`${gameKeys.hints(id, challengeId)}/${hintId}/unlock`, {
    method: 'POST',
    body: {},
    idempotent: true,
  });
}

/** Matches the cached hint lists of every challenge of a game (a NewHint notice, a reconnect). */
export const isHintsKey = (id: number) => (key: unknown) =>
  typeof key === 'string' && key.startsWith(`/api/game/${id}/challenges/`) && key.endsWith('/hints');
