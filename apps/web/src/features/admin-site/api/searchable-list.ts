import useSWR from 'swr';
import { http } from '@/lib/http';
import { pageQuery } from './keys';

/**
 * One page of the list under `prefix` in the chosen order, of the rows matching `search` when it is not blank
 * (the server pages and orders searches too: `GET …?count&skip&order&search`).
 */
export function useSearchableList<Answer>(prefix: string, page: number, search: string, order: string) {
  const params = new URLSearchParams({ order });
  const hint = search.trim();
  if (hint) params.set('search', hint);
  const key = `${prefix}?${pageQuery(page)}&${params.toString()}`;
  const { data, error } = useSWR(key, (path: string) => http.get<Answer>(path));
  return { data, error: error as unknown };
}
