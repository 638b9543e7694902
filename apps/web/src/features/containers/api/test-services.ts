import type { ContainerServiceState } from '@flagpole/contract';
import useSWR from 'swr';
import { ApiError, http } from '@/lib/http';
import { containerKeys } from './keys';

/** The services of the test instance, or null when the server has no such route or no instance (404). */
export async function fetchTestServices(path: string): Promise<ContainerServiceState[] | null> {
  try {
    return await http.get<ContainerServiceState[]>(path);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
}

/** Used only while the test instance runs; refreshed on demand (`mutate`), not on a timer. */
export function useTestServices(gameId: number, challengeId: number) {
  return useSWR(containerKeys.testServices(gameId, challengeId), fetchTestServices, {
    revalidateOnFocus: false,
  });
}
