import { ALLOWED_IMAGE_TYPES, limits } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { PROFILE_KEY } from './get-profile';

export type AvatarProblem = 'type' | 'size' | null;

/** Checks a chosen file before upload: only the allowed image types, at most 3 MiB. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): AvatarProblem {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0 || file.size > limits.imageBytes) return 'size';
  return null;
}

/** Uploads a new avatar and returns its URL. */
export function useUploadAvatar(): (file: File) => Promise<string> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const url = await http.put<string>('/api/account/avatar', form);
      await mutate(PROFILE_KEY);
      return url;
    },
    [mutate],
  );
}
