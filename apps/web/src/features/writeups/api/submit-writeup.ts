import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { writeupKeys } from './keys';

/** Uploads the team's writeup PDF (multipart part `file`), replacing the previous one. */
export function useSubmitWriteup(gameId: number): (file: File) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      await http.post(writeupKeys.mine(gameId), form);
      await mutate(writeupKeys.mine(gameId));
    },
    [gameId, mutate],
  );
}
