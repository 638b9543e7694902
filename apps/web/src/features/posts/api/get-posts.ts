import type { PostInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

export function usePosts() {
  return useSWR<PostInfoModel[]>('/api/posts', fetcher, { refreshInterval: 5 * 60_000 });
}
