import type { EvidenceReport } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { monitorKeys } from './keys';

/**
 * The game's flag-sharing cases, dismissed ones included (the page shows them apart). The server recomputes them
 * about once a minute, so the page rereads them at that pace.
 */
export function useEvidence(gameId: number) {
  const { data, error, mutate } = useSWR<EvidenceReport>(
    monitorKeys.evidence(gameId),
    (path: string) => http.get<EvidenceReport>(path),
    { refreshInterval: 60_000 },
  );
  return { report: data, error: error as unknown, reload: mutate };
}

/** Dismiss a case or bring it back, recompute now, and penalise a team; each rereads the cases afterwards. */
export function useEvidenceActions(gameId: number) {
  const { mutate } = useSWRConfig();
  const reread = useCallback(() => mutate(monitorKeys.evidence(gameId)), [gameId, mutate]);
  const setDismissed = useCallback(
    async (key: string, dismissed: boolean) => {
      await http.put(`/api/game/${gameId}/evidence/${encodeURIComponent(key)}/dismissed`, { dismissed });
      await reread();
    },
    [gameId, reread],
  );
  const recompute = useCallback(async () => {
    await http.post(`/api/game/${gameId}/evidence/refresh`);
    await reread();
  }, [gameId, reread]);
  return { setDismissed, recompute, reread };
}
