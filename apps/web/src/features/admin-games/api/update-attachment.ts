import type { AttachmentCreateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengeKey } from './keys';

/** Sets the challenge's single attachment: None clears it, Local takes a file hash, Remote a URL. */
export function useUpdateAttachment(): (
  gameId: number,
  challengeId: number,
  body: AttachmentCreateModel,
) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, body: AttachmentCreateModel) => {
      await http.post(`${challengeKey(gameId, challengeId)}/attachment`, body);
      await mutate(challengeKey(gameId, challengeId));
    },
    [mutate],
  );
}
