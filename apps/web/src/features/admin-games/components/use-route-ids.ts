import { useParams } from 'react-router';

function toId(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
}

/** The game id (`:id`) and challenge id (`:chalId`) of the current admin route; NaN when absent or invalid. */
export function useRouteIds() {
  const params = useParams();
  return { gameId: toId(params.id), challengeId: toId(params.chalId) };
}
