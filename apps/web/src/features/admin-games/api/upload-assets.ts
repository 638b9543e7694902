import { useCallback } from 'react';
import { ApiError, http } from '@/lib/http';

/** A stored file: `hash` is the SHA-256 of its content (64 lower-case hex). Not yet in the contract package. */
export interface LocalFile {
  hash: string;
  name: string;
}

/** Raised when the server has no upload endpoint yet (HTTP 404/405). */
export class UploadUnavailableError extends Error {
  override readonly name = 'UploadUnavailableError';
}

/** Uploads files for attachments (`POST /api/assets`, repeated part `files`). */
export function useUploadAssets(): (files: File[]) => Promise<LocalFile[]> {
  return useCallback(async (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    try {
      return await http.post<LocalFile[]>('/api/assets', form);
    } catch (error) {
      if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 405)) {
        throw new UploadUnavailableError(error.title);
      }
      throw error;
    }
  }, []);
}
