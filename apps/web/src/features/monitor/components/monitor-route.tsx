import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { parseId } from '@/features/games/api/keys';

/** Reads the game id from the route; a malformed id is simply "not found". */
export function WithGameId({ children }: { children: (gameId: number) => ReactNode }) {
  const gameId = parseId(useParams().id);
  return gameId === null ? <NotFoundPage /> : children(gameId);
}
