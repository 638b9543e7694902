import type { ChallengeTrafficModel, FileRecord, TeamTrafficModel } from '@flagpole/contract';
import useSWR from 'swr';
import { downloadFile } from '@/lib/download';
import { ApiError, fetcher, http } from '@/lib/http';
import { containerKeys } from './keys';

export function useCaptureChallenges(gameId: number) {
  return useSWR<ChallengeTrafficModel[]>(containerKeys.captureChallenges(gameId), fetcher);
}

/** A challenge without captures answers 404, which simply means "no teams yet". */
export function useCaptureTeams(challengeId: number | null) {
  return useSWR<TeamTrafficModel[]>(
    challengeId === null ? null : containerKeys.captureTeams(challengeId),
    (path: string) =>
      http.get<TeamTrafficModel[]>(path).catch((error: unknown) => {
        if (error instanceof ApiError && error.httpStatus === 404) return [];
        throw error;
      }),
  );
}

export function useCaptureFiles(challengeId: number | null, partId: number | null) {
  return useSWR<FileRecord[]>(
    challengeId === null || partId === null ? null : containerKeys.captureFiles(challengeId, partId),
    fetcher,
  );
}

export function downloadCapture(challengeId: number, partId: number, fileName: string): Promise<string> {
  return downloadFile(containerKeys.captureFile(challengeId, partId, fileName), fileName);
}

/** The server sends a zip archive; its own `Content-Disposition` name wins over this fallback. */
export function downloadAllCaptures(challengeId: number, partId: number): Promise<string> {
  return downloadFile(containerKeys.captureAll(challengeId, partId), `captures-${challengeId}-${partId}.zip`);
}

export function deleteCapture(challengeId: number, partId: number, fileName: string): Promise<void> {
  return http.delete(containerKeys.captureFile(challengeId, partId, fileName));
}

export function deleteAllCaptures(challengeId: number, partId: number): Promise<void> {
  return http.delete(containerKeys.captureAll(challengeId, partId));
}
