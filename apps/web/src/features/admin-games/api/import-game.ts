import type { CtfdImportReport } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { readCookie, toApiError } from '@/lib/http';
import { currentLanguage } from '@/lib/i18n';
import { editGamesPrefix, isGamesListKey } from './keys';

export type ImportSource = 'package' | 'ctfd';

export type ImportResult = { source: 'package'; gameId: number } | { source: 'ctfd'; report: CtfdImportReport };

/**
 * Uploads a game package (`POST /api/edit/games/import`) or a CTFd export (`…/import/ctfd`). Sent without the
 * usual request timeout: a large package takes a while to check and store.
 */
export function useImportGame(): (file: File, source: ImportSource) => Promise<ImportResult> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (file: File, source: ImportSource) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const xsrf = readCookie(document.cookie, 'XSRF-TOKEN');
      const response = await fetch(`${editGamesPrefix}/import${source === 'ctfd' ? '/ctfd' : ''}`, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Accept-Language': currentLanguage(),
          ...(xsrf ? { 'X-XSRF-TOKEN': xsrf } : {}),
        },
      });
      if (!response.ok) throw await toApiError(response);
      const body: unknown = await response.json();
      await mutate(isGamesListKey);
      return source === 'ctfd' ? { source, report: body as CtfdImportReport } : { source, gameId: body as number };
    },
    [mutate],
  );
}
