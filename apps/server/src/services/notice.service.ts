import type { GameNotice, NoticeType } from '@flagpole/contract';
import { type CachedBody, cachedBody } from '../http/cached-response';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { publishLive } from '../realtime/live-channel';
import type { NoticeRepository } from '../repositories/notice.repository';
import { noticeWebhookEvent } from '../webhooks/notice-events';
import type { WebhookEmitter } from '../webhooks/webhook-queue';

/**
 * Game notices: organisers' announcements and the automatic ones (bloods, new challenges,
 * new hints). Each game's list is serialised once per change and pushed to live channels.
 * Callers that create notices inside a transaction call `announce` after it commits.
 */
export function createNoticeService(deps: {
  repository: NoticeRepository;
  clock: Clock;
  events: EventBus;
  /** Published notices (bloods, releases, announcements) go to webhooks. */
  webhooks?: WebhookEmitter;
}) {
  const cache = new Map<number, CachedBody>();
  // Bumped on every change, so a read that raced with a change does not cache what it read.
  const generations = new Map<number, number>();
  // Another process changed a game's notices: drop our copy so the next read rebuilds it.
  const forget = (gameId: number) => {
    cache.delete(gameId);
    generations.set(gameId, (generations.get(gameId) ?? 0) + 1);
  };

  async function changed(gameId: number) {
    forget(gameId);
    await deps.events.publish('notices:changed', { gameId });
  }
  deps.events.subscribe('notices:changed', (payload) => {
    const gameId = (payload as { gameId?: unknown }).gameId;
    if (typeof gameId === 'number') forget(gameId);
  });
  // Changes may have been missed: every game's list is read again.
  deps.events.subscribe(BUS_RESYNC, () => {
    for (const gameId of [...cache.keys()]) forget(gameId);
  });

  return {
    /** The notices of a game, newest first, ready to send with ETag. */
    async list(gameId: number): Promise<CachedBody> {
      const cached = cache.get(gameId);
      if (cached) return cached;
      const generation = generations.get(gameId) ?? 0;
      const notices = await deps.repository.listForGame(gameId);
      const body = JSON.stringify(notices);
      const newest = notices[0]?.time ?? 0;
      const built = cachedBody(notices, `ntc-${sha256Hex(body).slice(0, 16)}`, new Date(newest));
      if ((generations.get(gameId) ?? 0) === generation) cache.set(gameId, built);
      return built;
    },

    async listModels(gameId: number): Promise<GameNotice[]> {
      return deps.repository.listForGame(gameId);
    },

    async post(gameId: number, type: NoticeType, values: string[]): Promise<GameNotice> {
      const notice = await deps.repository.insert(gameId, type, values, deps.clock.now());
      await this.announce(gameId, notice);
      return notice;
    },

    /** Publishes a notice that was stored elsewhere (e.g. a blood inside the solve transaction). */
    async announce(gameId: number, notice: GameNotice): Promise<void> {
      await changed(gameId);
      await publishLive(deps.events, gameId, { type: 'notice', data: notice });
      const event = noticeWebhookEvent(gameId, notice, deps.clock.now());
      if (event) void deps.webhooks?.emit(event);
    },

    async edit(gameId: number, noticeId: number, text: string): Promise<GameNotice | undefined> {
      const notice = await deps.repository.updateText(gameId, noticeId, text, deps.clock.now());
      if (notice) {
        await changed(gameId);
        await publishLive(deps.events, gameId, { type: 'notice', data: notice, edited: true });
      }
      return notice;
    },

    async remove(gameId: number, noticeId: number): Promise<boolean> {
      const removed = await deps.repository.delete(gameId, noticeId);
      if (removed) {
        await changed(gameId);
        await publishLive(deps.events, gameId, { type: 'noticeRemoved', data: { id: noticeId } });
      }
      return removed;
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
