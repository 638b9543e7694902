import type { PostInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

export function useLatestPosts() {
  return useSWR<PostInfoModel[]>('/api/posts/latest', fetcher, { refreshInterval: 5 * 60_000 });
}
