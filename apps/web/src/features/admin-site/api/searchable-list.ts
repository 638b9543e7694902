import useSWR from 'swr';
import { http } from '@/lib/http';
import { pageQuery } from './keys';

/**
 * One page of the list under `prefix`, or up to the server's limit of matches when `search` is not blank (search is
 * a POST, so its SWR key is a tuple rather than a path).
 */
export function useSearchableList<Answer>(prefix: string, page: number, search: string) {
  const hint = search.trim();
  const key = hint ? [prefix, 'search', hint] : `${prefix}?${pageQuery(page)}`;
  const { data, error } = useSWR(key, () =>
    hint
      ? http.request<Answer>(`${prefix}/search`, { method: 'POST', query: { hint } })
      : http.get<Answer>(`${prefix}?${pageQuery(page)}`),
  );
  return { data, error: error as unknown };
}
