import type { PostDetailModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

export function usePost(postId: string | undefined) {
  return useSWR<PostDetailModel>(postId ? `/api/posts/${encodeURIComponent(postId)}` : null, fetcher, {
    refreshInterval: 0,
  });
}
