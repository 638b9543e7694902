import type { ArrayResponseOfStoredFile } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { ADMIN_PAGE_SIZE, adminKeys, pageQuery } from './keys';

/** One page of stored files; the answer has no overall total, so a full page means there may be more. */
export function useAdminFiles(page: number) {
  const key = `${adminKeys.filesPrefix}?${pageQuery(page)}`;
  const { data, error } = useSWR(key, (path: string) => http.get<ArrayResponseOfStoredFile>(path));
  return { files: data, error: error as unknown, pageSize: ADMIN_PAGE_SIZE };
}
