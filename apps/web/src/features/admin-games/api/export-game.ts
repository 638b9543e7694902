import type { GameExportPart } from '@flagpole/contract';
import { useCallback } from 'react';
import { downloadFile } from '@/lib/download';
import { readCookie } from '@/lib/http';
import { gameKey } from './keys';

/**
 * Downloads a game package (`POST /api/edit/games/{id}/export`); `include` adds teams, submissions or secrets.
 * Returns the file name the browser saves it under.
 */
export function useExportGame(): (gameId: number, include: GameExportPart[]) => Promise<string> {
  return useCallback((gameId: number, include: GameExportPart[]) => {
    const query = include.length > 0 ? `?include=${include.join(',')}` : '';
    const xsrf = readCookie(document.cookie, 'XSRF-TOKEN');
    return downloadFile(`${gameKey(gameId)}/export${query}`, `game-${gameId}.zip`, {
      method: 'POST',
      headers: xsrf ? { 'X-XSRF-TOKEN': xsrf } : {},
    });
  }, []);
}
