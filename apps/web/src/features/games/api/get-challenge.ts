import type { ChallengeDetailModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** One challenge for the player: content, hints, attachment, attempts. */
export function useChallenge(id: number, challengeId: number | null) {
  return useSWR<ChallengeDetailModel>(challengeId === null ? null : gameKeys.challenge(id, challengeId), fetcher, {
    refreshInterval: 120_000,
  });
}
