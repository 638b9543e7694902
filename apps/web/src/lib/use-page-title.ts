import { useEffect } from 'react';
import { useClientConfig } from '@/features/info/api/get-client-config';

/** Sets the browser tab title to "<page> · <platform>". */
export function usePageTitle(page?: string): void {
  const { title } = useClientConfig();
  useEffect(() => {
    document.title = page ? `${page} · ${title}` : title;
  }, [page, title]);
}
