import type { GameDetailModel, GameNotice, LiveMessage, ScoreboardModel } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { isHintsKey } from '../api/hints';
import { gameKeys } from '../api/keys';
import { detailsStep } from '../lib/details-step';
import { connectLive, type LiveLimit, type LiveState, liveStateOf, liveUrl } from '../lib/live';
import { prependNotice } from '../lib/notice-format';
import { scoreboardStep } from '../lib/scoreboard-delta';

export interface GameLiveOptions {
  /** Called for each notice pushed while the page is open (not for the initial list). */
  onNotice?: (notice: GameNotice) => void;
}

/**
 * Follows a game's live channel: pushed notices go to the front of the notice list; a scoreboard change is
 * applied to the held board when it carries a delta from that board's version (a few kilobytes instead of the
 * whole board), else the board is fetched again; the player's board (`/details`) is updated from the same
 * delta and fetched again only when the change concerns the team or is not one of solves (`detailsStep`).
 * Reconnects with back-off and then reads the notices and boards again (what was pushed meanwhile is lost);
 * while the channel is down the regular SWR polling keeps the pages current. Returns the channel's state
 * (connected, offline, or refused for lack of room: then retried after a long back-off).
 */
/** Matches the cached boards of the game's phases (`gameKeys.phaseScoreboard`). */
const isPhaseBoardKey = (gameId: number) => (key: unknown) =>
  typeof key === 'string' && key.startsWith(`${gameKeys.scoreboard(gameId)}?phase=`);

export function useGameLive(gameId: number | null, options: GameLiveOptions = {}): LiveState {
  const { mutate, cache } = useSWRConfig();
  const [connected, setConnected] = useState(false);
  const [limit, setLimit] = useState<LiveLimit | null>(null);
  const onNoticeRef = useRef(options.onNotice);
  onNoticeRef.current = options.onNotice;

  useEffect(() => {
    if (gameId === null || typeof WebSocket === 'undefined') return;
    const handle = (message: LiveMessage) => {
      switch (message.type) {
        case 'notice':
          void mutate<GameNotice[]>(gameKeys.notices(gameId), (list) => prependNotice(list, message.data), {
            revalidate: false,
          });
          onNoticeRef.current?.(message.data);
          // A hint came free (a FreeAfter hint's time, or a free hint added): open challenge windows read theirs again.
          if (message.data.type === 'NewHint') void mutate(isHintsKey(gameId));
          break;
        case 'hintUnlocked':
          // A team-mate unlocked a hint (sent to the team only): the challenge's hints are read again.
          void mutate(gameKeys.hints(gameId, message.data.challengeId));
          break;
        case 'noticeRemoved':
          void mutate<GameNotice[]>(
            gameKeys.notices(gameId),
            (list) => list?.filter((notice) => notice.id !== message.data.id),
            { revalidate: false },
          );
          break;
        case 'scoreboard': {
          const key = gameKeys.scoreboard(gameId);
          const step = scoreboardStep(cache.get(key)?.data as ScoreboardModel | undefined, message.data);
          if (step.kind === 'apply') void mutate(key, step.board, { revalidate: false });
          else if (step.kind === 'refetch') void mutate(key);
          // A game phase's board has no delta of its own: it is read again (an unchanged one answers 304).
          if (step.kind !== 'keep') void mutate(isPhaseBoardKey(gameId));
          const detailsKey = gameKeys.details(gameId);
          const held = cache.get(detailsKey)?.data as GameDetailModel | undefined;
          const board = cache.get(key)?.data as ScoreboardModel | undefined;
          const next = detailsStep(held, message.data, board?.bloodBonus);
          if (next.kind === 'update') void mutate(detailsKey, next.details, { revalidate: false });
          else if (next.kind === 'refetch') void mutate(detailsKey);
          break;
        }
        case 'event':
        case 'submission':
          // Monitor-only messages; players never receive them.
          break;
      }
    };
    return connectLive({
      url: liveUrl(gameId, window.location),
      createSocket: (url) => new WebSocket(url),
      onMessage: handle,
      onStateChange: setConnected,
      onLimit: setLimit,
      // Notices and board changes pushed while the channel was down are read again.
      onReconnect: () => {
        void mutate(gameKeys.notices(gameId));
        void mutate(gameKeys.scoreboard(gameId));
        void mutate(isPhaseBoardKey(gameId));
        void mutate(gameKeys.details(gameId));
        void mutate(isHintsKey(gameId));
      },
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
  }, [gameId, mutate, cache]);

  return liveStateOf(connected, limit);
}
