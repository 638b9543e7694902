import {
  type GameEditModel,
  type GameInfoModel,
  type GameListOrder,
  type GameNotice,
  packBloodBonus,
  unpackBloodBonus,
} from '@flagpole/contract';
import { INSTANCE_OWNERS_DELETED } from '../containers/types';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { generateGameKeyPair } from '../lib/team-token';
import { createChallengeRepository } from '../repositories/challenge.repository';
import { createGameRepository, type GameRow, type GameUpdate } from '../repositories/game.repository';
import type { NoticeRepository } from '../repositories/notice.repository';
import type { FileStore } from './file-store.service';
import { storeUploadedImage } from './image-upload';
import type { NoticeService } from './notice.service';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/** Channel the game lists listen to; payload `{ gameId }`. */
export const GAMES_CHANGED = 'games:changed';

export const POSTER_MAX_WIDTH = 1920;

export const posterUrl = (hash: string | null) => (hash ? `/assets/${hash}/poster` : null);

export function toGameInfoModel(game: GameRow): GameInfoModel {
  return {
    id: game.id,
    title: game.title,
    hidden: game.hidden,
    summary: game.summary,
    content: game.content,
    acceptWithoutReview: game.accept_without_review,
    writeupRequired: game.writeup_required,
    inviteCode: game.invite_code,
    teamMemberCountLimit: game.team_member_count_limit,
    containerCountLimit: game.container_count_limit,
    poster: posterUrl(game.poster_hash),
    publicKey: game.public_key,
    practiceMode: game.practice_mode,
    start: game.start_at.getTime(),
    end: game.end_at.getTime(),
    writeupDeadline: game.writeup_deadline.getTime(),
    writeupNote: game.writeup_note,
    bloodBonus: game.blood_bonus,
    flagFormat: game.flag_format,
    flagFormatCheck: game.flag_format_check,
    freezeAt: game.freeze_at?.getTime() ?? null,
    scoreboardRevealed: game.scoreboard_revealed_at !== null,
    individual: game.individual,
    memberProgress: game.member_progress,
  };
}

/** 400 unless the freeze (if any) lies within the game's window, ends included. */
function assertFreezeWithin(freezeAt: number | null, start: number, end: number): void {
  if (freezeAt !== null && (freezeAt < start || freezeAt > end)) throw badRequest('error.freezeTimes');
}

/** A packed value with a field above 1000 falls back to the default, as the contract says. */
const normaliseBloodBonus = (value: number) => packBloodBonus(unpackBloodBonus(value));

/** The columns a create or update body sets; absent optional fields are left out. */
function columnsOf(input: GameEditModel): GameUpdate {
  if (input.end <= input.start) throw badRequest('error.gameTimes');
  const changes: GameUpdate = {
    title: input.title,
    start_at: new Date(input.start),
    end_at: new Date(input.end),
  };
  if (input.hidden !== undefined) changes.hidden = input.hidden;
  if (input.summary !== undefined) changes.summary = input.summary;
  if (input.content !== undefined) changes.content = input.content;
  if (input.acceptWithoutReview !== undefined) changes.accept_without_review = input.acceptWithoutReview;
  if (input.writeupRequired !== undefined) changes.writeup_required = input.writeupRequired;
  // An empty invite code means none.
  if (input.inviteCode !== undefined) changes.invite_code = input.inviteCode?.trim() ? input.inviteCode.trim() : null;
  if (input.teamMemberCountLimit !== undefined) changes.team_member_count_limit = input.teamMemberCountLimit;
  if (input.containerCountLimit !== undefined) changes.container_count_limit = input.containerCountLimit;
  if (input.practiceMode !== undefined) changes.practice_mode = input.practiceMode;
  if (input.writeupDeadline !== undefined) changes.writeup_deadline = new Date(input.writeupDeadline);
  if (input.writeupNote !== undefined) changes.writeup_note = input.writeupNote;
  if (input.bloodBonus !== undefined) changes.blood_bonus = normaliseBloodBonus(input.bloodBonus);
  // An empty flag format means none, as with the invite code.
  if (input.flagFormat !== undefined) changes.flag_format = input.flagFormat || null;
  if (input.flagFormatCheck !== undefined) changes.flag_format_check = input.flagFormatCheck;
  if (input.memberProgress !== undefined) changes.member_progress = input.memberProgress;
  if (input.individual !== undefined) changes.individual = input.individual;
  if (input.freezeAt !== undefined) {
    assertFreezeWithin(input.freezeAt, input.start, input.end);
    changes.freeze_at = input.freezeAt === null ? null : new Date(input.freezeAt);
  }
  return changes;
}

/** The organiser's side of games: settings, poster and notices (Admin only; routes check the role). */
export function createGameEditService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  files: FileStore;
  notices: NoticeService;
  noticeRepository: NoticeRepository;
}) {
  const games = createGameRepository(deps.db);

  async function changed(gameId: number, scoreboard: boolean) {
    await deps.events.publish(GAMES_CHANGED, { gameId });
    if (scoreboard) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
  }

  async function load(gameId: number): Promise<GameRow> {
    const game = await games.find(gameId);
    if (!game) throw notFound('error.gameNotFound');
    return game;
  }

  /** Entries of teams and of players do not mix: the setting changes only while the game has no entry. */
  async function switchIndividual(gameId: number, columns: GameUpdate): Promise<GameRow | undefined> {
    return deps.db.transaction().execute(async (trx) => {
      const repo = createGameRepository(trx);
      if (await repo.lockAndHasEntries(gameId)) throw badRequest('error.individualHasEntries');
      return repo.update(gameId, columns);
    });
  }

  async function normalNotice(gameId: number, noticeId: number): Promise<GameNotice> {
    await load(gameId);
    const notice = (await deps.noticeRepository.listForGame(gameId)).find((n) => n.id === noticeId);
    if (!notice) throw notFound();
    if (notice.type !== 'Normal') throw badRequest('error.systemNotice');
    return notice;
  }

  return {
    load,

    /** Every game, hidden ones included, in the chosen order; with `search`, the games whose title contains it. */
    async list(query: { count: number; skip: number; order: GameListOrder; search?: string | undefined }) {
      const { count, skip, order, search } = query;
      const [rows, total] = await Promise.all([
        games.pageForAdmin(count, skip, order, search),
        games.countForAdmin(search),
      ]);
      const data = rows.map(toGameInfoModel);
      return { data, length: data.length, total };
    },

    async get(gameId: number): Promise<GameInfoModel> {
      return toGameInfoModel(await load(gameId));
    },

    /** New games get a fresh Ed25519 key pair; the write-up deadline defaults to the end. */
    async create(input: GameEditModel): Promise<GameInfoModel> {
      const columns = columnsOf(input);
      const keys = generateGameKeyPair();
      const row = await games.insert({
        ...columns,
        title: input.title,
        start_at: new Date(input.start),
        end_at: new Date(input.end),
        writeup_deadline: columns.writeup_deadline ?? new Date(input.end),
        public_key: keys.publicKey,
        private_key: keys.privateKey,
      });
      await changed(row.id, false);
      return toGameInfoModel(row);
    },

    /** Fields absent from the body keep their values; poster, key pair and id never change here. */
    async update(gameId: number, input: GameEditModel): Promise<GameInfoModel> {
      const columns = columnsOf(input);
      // A body without `freezeAt` (the reference's clients) keeps the freeze, which must still fit the new times.
      const current = await load(gameId);
      if (input.freezeAt === undefined) {
        assertFreezeWithin(current.freeze_at?.getTime() ?? null, input.start, input.end);
      } else if ((current.freeze_at?.getTime() ?? null) !== input.freezeAt) {
        // A new freeze is a new one: the board is frozen again until the next reveal.
        columns.scoreboard_revealed_at = null;
      }
      const row =
        columns.individual === undefined || columns.individual === current.individual
          ? await games.update(gameId, columns)
          : await switchIndividual(gameId, columns);
      if (!row) throw notFound('error.gameNotFound');
      await changed(gameId, true);
      // The freeze removed: nothing is hidden any more, so the blood notices it held are published now. Moved
      // later: those won before the new freeze are (in order), the later ones stay held. Moved earlier: nothing
      // published is taken back; bloods won after the new freeze are held from now on (solve-recording.ts).
      const was = current.freeze_at?.getTime() ?? null;
      if (was !== null && (input.freezeAt === null || (input.freezeAt !== undefined && input.freezeAt > was))) {
        const before = input.freezeAt === null ? undefined : new Date(input.freezeAt);
        const released = await deps.noticeRepository.releaseHeld(gameId, deps.clock.now(), undefined, before);
        for (const notice of released) await deps.notices.announce(gameId, notice);
      }
      return toGameInfoModel(row);
    },

    /**
     * Makes every process read the game's scoreboard rows again and rebuild (for rows changed outside the
     * platform): the same event as any other change the board depends on.
     */
    async flushScoreboard(gameId: number): Promise<void> {
      await load(gameId);
      await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
    },

    /**
     * Reveals a frozen board after the end (docs/game-play.md, "Freeze and reveal"): players get the final board
     * and the blood notices held during the freeze, published now in the order they were won. Once only, whatever
     * the number of processes or clicks: the row update that records the reveal decides who publishes.
     */
    async revealScoreboard(gameId: number): Promise<void> {
      const game = await load(gameId);
      if (game.freeze_at === null) throw badRequest('error.noFreeze');
      const now = deps.clock.now();
      if (now.getTime() < game.end_at.getTime()) throw badRequest('error.revealBeforeEnd');
      const released = await deps.db.transaction().execute(async (trx) => {
        const revealed = await trx
          .updateTable('games')
          .set({ scoreboard_revealed_at: now })
          .where('id', '=', gameId)
          .where('scoreboard_revealed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!revealed) return null;
        return deps.noticeRepository.releaseHeld(gameId, now, trx);
      });
      if (released === null) return;
      await changed(gameId, true);
      for (const notice of released) await deps.notices.announce(gameId, notice);
    },

    /** Deletes the game with everything in it, releasing its files. */
    async remove(gameId: number): Promise<void> {
      const game = await load(gameId);
      await deps.db.transaction().execute(async (trx) => {
        const challenges = createChallengeRepository(trx);
        const owned = await challenges.attachmentIdsOf((await challenges.listForGame(gameId)).map((c) => c.id));
        await createGameRepository(trx).delete(gameId);
        await challenges.deleteAttachments(owned);
      });
      if (game.poster_hash) await deps.files.release(game.poster_hash);
      await changed(gameId, true);
      // Its instance rows went with it; the containers module removes the instances themselves.
      await deps.events.publish(INSTANCE_OWNERS_DELETED, { gameId });
    },

    /** Re-encodes the poster as WebP (GIF stays GIF) no wider than 1920 px; returns its URL. */
    async setPoster(gameId: number, upload: Buffer): Promise<string> {
      const game = await load(gameId);
      const image = await storeUploadedImage(deps.files, upload, POSTER_MAX_WIDTH, { enlarge: false });
      const { hash } = image;
      const updated = await games.update(gameId, { poster_hash: hash });
      if (!updated) {
        await deps.files.release(hash);
        throw notFound('error.gameNotFound');
      }
      if (game.poster_hash) await deps.files.release(game.poster_hash);
      await changed(gameId, false);
      return `/assets/${hash}/poster.${image.extension}`;
    },

    // ---- notices ----

    /** The organisers' own (Normal) notices, newest first. */
    async notices(gameId: number): Promise<GameNotice[]> {
      await load(gameId);
      return (await deps.noticeRepository.listForGame(gameId)).filter((n) => n.type === 'Normal');
    },

    async postNotice(gameId: number, content: string): Promise<GameNotice> {
      await load(gameId);
      return deps.notices.post(gameId, 'Normal', [content]);
    },

    async editNotice(gameId: number, noticeId: number, content: string): Promise<GameNotice> {
      await normalNotice(gameId, noticeId);
      const notice = await deps.notices.edit(gameId, noticeId, content);
      if (!notice) throw notFound();
      return notice;
    },

    async removeNotice(gameId: number, noticeId: number): Promise<void> {
      await normalNotice(gameId, noticeId);
      if (!(await deps.notices.remove(gameId, noticeId))) throw notFound();
    },
  };
}
export type GameEditService = ReturnType<typeof createGameEditService>;
