import type { PostDetailModel, PostEditModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { postKeys } from './keys';

/** Revalidates every cached post list and the given post. */
function useRefreshPosts() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (postId?: string) => {
      await Promise.all([
        mutate(postKeys.all),
        mutate(postKeys.latest),
        postId ? mutate(postKeys.one(postId)) : Promise.resolve(),
      ]);
    },
    [mutate],
  );
}

/** Creates a post; answers its id. */
export function useCreatePost(): (post: PostEditModel) => Promise<string> {
  const refresh = useRefreshPosts();
  return useCallback(
    async (post) => {
      const id = await http.post<string>('/api/edit/posts', post);
      await refresh(id);
      return id;
    },
    [refresh],
  );
}

/**
 * Saves a post's text. The pin is left out on purpose: the API treats a request carrying `isPinned` as a pin
 * change only and ignores the other fields, so the pin has its own call (`useSetPostPinned`).
 */
export function useUpdatePost(): (postId: string, post: Omit<PostEditModel, 'isPinned'>) => Promise<PostDetailModel> {
  const refresh = useRefreshPosts();
  return useCallback(
    async (postId, post) => {
      const saved = await http.put<PostDetailModel>(`/api/edit/posts/${encodeURIComponent(postId)}`, {
        ...post,
        isPinned: null,
      });
      await refresh(postId);
      return saved;
    },
    [refresh],
  );
}

/** Pins or unpins a post; nothing else about it changes. */
export function useSetPostPinned(): (postId: string, pinned: boolean) => Promise<void> {
  const refresh = useRefreshPosts();
  return useCallback(
    async (postId, pinned) => {
      await http.put(`/api/edit/posts/${encodeURIComponent(postId)}`, { isPinned: pinned });
      await refresh(postId);
    },
    [refresh],
  );
}

export function useDeletePost(): (postId: string) => Promise<void> {
  const refresh = useRefreshPosts();
  return useCallback(
    async (postId) => {
      await http.delete(`/api/edit/posts/${encodeURIComponent(postId)}`);
      await refresh();
    },
    [refresh],
  );
}
