import {
  type Attachment,
  type AttachmentCreateModel,
  ChallengeCategory,
  type ChallengeCreateModel,
  type ChallengeEditDetailModel,
  type ChallengeInfoModel,
  type ChallengeUpdateModel,
  type ContainerInfoModel,
  ContainerServices,
  dynamicScore,
  type FlagCreateModel,
  isRegexMatch,
  type PrerequisitesInput,
  type TaskStatus,
} from '@flagpole/contract';
import { INSTANCE_OWNERS_DELETED } from '../containers/types';
import type { Db } from '../db/database';
import { AppError, BatchError, type BatchProblem, badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { downloadName } from '../lib/safe-file-name';
import {
  type AttachmentView,
  type ChallengeRepository,
  type ChallengeRow,
  type ChallengeUpdate,
  createChallengeRepository,
  type NewAttachment,
} from '../repositories/challenge.repository';
import { createGameRepository } from '../repositories/game.repository';
import { createPrerequisiteRepository } from '../repositories/prerequisite.repository';
import { prerequisiteProblem } from '../scoring/prerequisites';
import { isPlayable } from '../scoring/release';
import { isUsablePattern } from './flag-match';
import { assertUsableFlagTemplate } from './flag-template';
import { isGameRunning } from './game-window';
import type { NoticeService } from './notice.service';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

const isContainer = (type: ChallengeRow['type']) => type === 'StaticContainer' || type === 'DynamicContainer';

const categoryOf = (value: string): ChallengeCategory => ChallengeCategory.safeParse(value).data ?? 'Misc';

/** Hints compared as sets: reordering or repeating them is not news. */
const sameHints = (a: string[], b: string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((h) => right.has(h));
};

function attachmentModel(view: AttachmentView | undefined, fileName: string | null): Attachment | null {
  if (!view || view.type === 'None') return null;
  if (view.type === 'Local') {
    return {
      id: view.id,
      type: 'Local',
      url: `/assets/${view.fileHash}/${encodeURIComponent(downloadName(fileName, view.fileName))}`,
      fileSize: view.fileSize,
    };
  }
  return { id: view.id, type: 'Remote', url: view.remoteUrl, fileSize: null };
}

/** Whether players see the challenge row at `now`: enabled and released (scoring/release.ts). */
const playable = (row: Pick<ChallengeRow, 'is_enabled' | 'release_at'>, now: Date) =>
  isPlayable({ enabled: row.is_enabled, release: row.release_at?.getTime() }, now.getTime());

/**
 * The challenge's `release_announced_at` after an edit, or undefined to leave it: a release moved ahead is
 * announced again when it comes; a challenge that becomes playable by this edit is announced by the edit itself
 * (marked here, in the same transaction that holds the row lock, so the release ticker does not announce it too).
 */
function releaseChange(current: ChallengeRow, changes: ChallengeUpdate, now: Date): Date | null | undefined {
  const next = {
    is_enabled: changes.is_enabled ?? current.is_enabled,
    release_at: changes.release_at === undefined ? current.release_at : (changes.release_at as Date | null),
  };
  if (next.release_at !== null && next.release_at.getTime() > now.getTime()) return null;
  if (!playable(next, now)) return undefined;
  if (!playable(current, now)) return now;
  // Playable before and after. Already handled, or a release that came and that the ticker is about to announce:
  // left as it is. A release set in the past on a challenge players already see is not news.
  if (current.release_announced_at !== null || current.release_at !== null) return undefined;
  return next.release_at === null ? undefined : now;
}

/** The organiser's side of challenges: settings, flags, attachments (Admin only; routes check the role). */
export function createChallengeEditService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  notices: NoticeService;
  /** Without a container engine a container challenge cannot be enabled: players could not start it. */
  containersEnabled: boolean;
}) {
  const repo = createChallengeRepository(deps.db);
  const games = createGameRepository(deps.db);

  const invalidate = (gameId: number) => deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
  /** The running test container of a challenge, provided by the containers module when it is registered. */
  let testContainerOf: ((challengeId: number) => Promise<ContainerInfoModel | null>) | undefined;

  async function loadGame(gameId: number) {
    const game = await games.find(gameId);
    if (!game) throw notFound('error.gameNotFound');
    return game;
  }

  async function load(gameId: number, challengeId: number, from: ChallengeRepository = repo, lock = false) {
    const challenge = await from.find(gameId, challengeId, { lock });
    if (!challenge) throw notFound('error.challengeNotFound');
    return challenge;
  }

  async function detail(challenge: ChallengeRow, from: ChallengeRepository = repo): Promise<ChallengeEditDetailModel> {
    const flags = challenge.type === 'DynamicContainer' ? [] : await from.flags(challenge.id);
    const attachmentIds = [challenge.attachment_id, ...flags.map((f) => f.attachment_id)].flatMap((id) =>
      id === null ? [] : [id],
    );
    const attachments = await from.attachments(attachmentIds);
    const accepted = (await from.acceptedCounts(challenge.game_id)).get(challenge.id) ?? 0;
    const container = isContainer(challenge.type);
    return {
      id: challenge.id,
      title: challenge.title,
      content: challenge.content,
      category: categoryOf(challenge.category),
      type: challenge.type,
      hints: challenge.hints,
      flagTemplate: challenge.flag_template,
      isEnabled: challenge.is_enabled,
      acceptedCount: accepted,
      fileName: challenge.file_name,
      attachment: attachmentModel(
        challenge.attachment_id === null ? undefined : attachments.get(challenge.attachment_id),
        challenge.file_name,
      ),
      // Read outside transactions only: the lookup uses its own connection (one connection in the embedded database).
      testContainer: container && testContainerOf && from === repo ? await testContainerOf(challenge.id) : null,
      flags: flags.map((f) => ({
        id: f.id,
        flag: f.flag,
        matchType: f.match_type,
        attachment: attachmentModel(
          f.attachment_id === null ? undefined : attachments.get(f.attachment_id),
          challenge.file_name,
        ),
      })),
      containerImage: challenge.container_image,
      memoryLimit: container ? challenge.memory_limit : null,
      cpuCount: container ? challenge.cpu_count : null,
      storageLimit: container ? challenge.storage_limit : null,
      exposePort: container ? challenge.expose_port : null,
      networkMode: container ? challenge.network_mode : null,
      enableTrafficCapture: challenge.enable_traffic_capture,
      disableBloodBonus: challenge.disable_blood_bonus,
      deadlineUtc: challenge.deadline_at ? challenge.deadline_at.getTime() : null,
      releaseUtc: challenge.release_at ? challenge.release_at.getTime() : null,
      submissionLimit: challenge.submission_limit,
      originalScore: challenge.original_score,
      minScoreRate: challenge.min_score_rate,
      difficulty: challenge.difficulty,
      phaseId: challenge.phase_id,
      prerequisites: await prerequisitesOf(challenge, from),
      // Parsed again so services stored before a field existed answer with its default.
      services: container ? ContainerServices.parse(challenge.container_services ?? []) : [],
    };
  }

  async function prerequisitesOf(challenge: ChallengeRow, from: ChallengeRepository) {
    const challengeIds = await from.requiredIds(challenge.id);
    if (challengeIds.length === 0) return null;
    return { challengeIds, count: challenge.prerequisite_count, hidden: challenge.prerequisite_hidden };
  }

  /**
   * Saves a challenge's prerequisites inside the edit's transaction: 400 for itself, a challenge of another game
   * (or none) and a cycle. The game row stays locked until the transaction ends, so concurrent saves cannot
   * together make a cycle that each alone would not.
   */
  async function savePrerequisites(trx: Db, gameId: number, challengeId: number, input: PrerequisitesInput | null) {
    const prerequisites = createPrerequisiteRepository(trx);
    const requiredIds = [...new Set(input?.challengeIds ?? [])];
    await prerequisites.lockGame(gameId);
    const [rules, ids] = await Promise.all([
      prerequisites.rulesOfGame(gameId),
      prerequisites.challengeIdsOfGame(gameId),
    ]);
    const problem = prerequisiteProblem(challengeId, requiredIds, rules, ids);
    if (problem === 'self') throw badRequest('error.prerequisiteSelf');
    if (problem === 'unknown') {
      throw badRequest('error.prerequisiteOfAnotherGame', { id: requiredIds.find((id) => !ids.has(id)) ?? 0 });
    }
    if (problem === 'cycle') throw badRequest('error.prerequisiteCycle');
    await prerequisites.replace(challengeId, {
      requiredIds,
      count: input?.count ?? null,
      hidden: input?.hidden ?? false,
    });
  }

  /** Builds an attachment row, checking a local file exists (and taking a reference to it). */
  async function newAttachment(from: ChallengeRepository, input: AttachmentCreateModel): Promise<NewAttachment | null> {
    switch (input.attachmentType) {
      case 'None':
        return null;
      case 'Local': {
        if (!input.fileHash) throw badRequest('error.missingField', { field: 'fileHash' });
        const file = await from.retainFile(input.fileHash);
        if (!file) throw badRequest('error.fileNotFound');
        return { type: 'Local', file_hash: input.fileHash, remote_url: null, file_name: file.name };
      }
      case 'Remote': {
        if (!input.remoteUrl) throw badRequest('error.missingField', { field: 'remoteUrl' });
        return { type: 'Remote', remote_url: input.remoteUrl, file_hash: null };
      }
    }
  }

  const transaction = <T>(work: (from: ChallengeRepository, trx: Db) => Promise<T>) =>
    deps.db.transaction().execute((trx) => work(createChallengeRepository(trx), trx));

  return {
    /** Lets the containers module report a challenge's test container in the editor's detail. */
    provideTestContainerInfo(provider: (challengeId: number) => Promise<ContainerInfoModel | null>): void {
      testContainerOf = provider;
    },
    /** Unknown games give an empty list, as in the contract. */
    async list(gameId: number): Promise<ChallengeInfoModel[]> {
      const [rows, counts] = await Promise.all([repo.listForGame(gameId), repo.acceptedCounts(gameId)]);
      return rows.map((c) => ({
        id: c.id,
        title: c.title,
        category: categoryOf(c.category),
        type: c.type,
        isEnabled: c.is_enabled,
        score: dynamicScore(c.original_score, c.min_score_rate, c.difficulty, counts.get(c.id) ?? 0),
        minScore: Math.floor(c.original_score * c.min_score_rate),
        originalScore: c.original_score,
        deadlineUtc: c.deadline_at ? c.deadline_at.getTime() : null,
        releaseUtc: c.release_at ? c.release_at.getTime() : null,
        phaseId: c.phase_id,
      }));
    },

    async create(gameId: number, input: ChallengeCreateModel): Promise<ChallengeEditDetailModel> {
      await loadGame(gameId);
      const row = await repo.insert({
        game_id: gameId,
        title: input.title,
        category: input.category,
        type: input.type,
      });
      return detail(row);
    },

    async get(gameId: number, challengeId: number): Promise<ChallengeEditDetailModel> {
      return detail(await load(gameId, challengeId));
    },

    /** Absent or null fields stay unchanged; the type never changes. */
    async update(gameId: number, challengeId: number, input: ChallengeUpdateModel): Promise<ChallengeEditDetailModel> {
      const game = await loadGame(gameId);
      const now = deps.clock.now();
      const outcome = await transaction(async (from, trx) => {
        const current = await load(gameId, challengeId, from, true);
        if (input.prerequisites !== undefined) await savePrerequisites(trx, gameId, current.id, input.prerequisites);
        const changes: ChallengeUpdate = {};
        if (input.title != null) changes.title = input.title;
        if (input.content != null) changes.content = input.content;
        if (input.category != null) changes.category = input.category;
        if (input.flagTemplate != null) {
          changes.flag_template = input.flagTemplate.trim() === '' ? null : input.flagTemplate;
          if (current.type === 'DynamicContainer' && changes.flag_template)
            assertUsableFlagTemplate(changes.flag_template);
        }
        if (input.hints != null) changes.hints = JSON.stringify(input.hints);
        if (input.fileName != null) {
          if (input.fileName.trim() === '') throw badRequest('error.invalidField', { field: 'fileName' });
          changes.file_name = input.fileName.trim();
        }
        // A deadline of 0 removes it.
        if (input.deadlineUtc != null)
          changes.deadline_at = input.deadlineUtc === 0 ? null : new Date(input.deadlineUtc);
        // A release of 0 removes it, as for the deadline.
        if (input.releaseUtc != null) changes.release_at = input.releaseUtc === 0 ? null : new Date(input.releaseUtc);
        if (input.submissionLimit != null) changes.submission_limit = input.submissionLimit;
        if (input.containerImage != null) changes.container_image = input.containerImage.trim();
        if (input.memoryLimit != null) changes.memory_limit = input.memoryLimit;
        if (input.cpuCount != null) changes.cpu_count = input.cpuCount;
        if (input.storageLimit != null) changes.storage_limit = input.storageLimit;
        const exposePort = input.exposePort ?? input.containerExposePort;
        if (exposePort != null) changes.expose_port = exposePort;
        if (input.networkMode != null) changes.network_mode = input.networkMode;
        if (input.services !== undefined) {
          // Services belong to container challenges only; an empty list goes back to the single image.
          const services = input.services ?? [];
          if (services.length > 0 && !isContainer(current.type)) {
            throw badRequest('error.invalidField', { field: 'services' });
          }
          changes.container_services = services.length === 0 ? null : JSON.stringify(services);
        }
        if (input.enableTrafficCapture != null) {
          if (input.enableTrafficCapture && !isContainer(current.type)) {
            throw badRequest('error.invalidField', { field: 'enableTrafficCapture' });
          }
          changes.enable_traffic_capture = input.enableTrafficCapture;
        }
        if (input.disableBloodBonus != null) changes.disable_blood_bonus = input.disableBloodBonus;
        if (input.originalScore != null) changes.original_score = input.originalScore;
        if (input.minScoreRate != null) changes.min_score_rate = input.minScoreRate;
        if (input.difficulty != null) changes.difficulty = input.difficulty;
        if (input.phaseId !== undefined) {
          // A phase of another game (or none) is refused: the foreign key would refuse it less clearly.
          if (input.phaseId !== null && !(await from.phaseOfGame(gameId, input.phaseId))) {
            throw badRequest('error.phaseOfAnotherGame', { id: input.phaseId });
          }
          changes.phase_id = input.phaseId;
        }
        if (input.isEnabled != null) {
          if (input.isEnabled && !current.is_enabled && isContainer(current.type) && !deps.containersEnabled) {
            throw badRequest('error.containerEngineNone');
          }
          if (input.isEnabled) {
            if (current.type === 'DynamicContainer') {
              const template = changes.flag_template === undefined ? current.flag_template : changes.flag_template;
              if (!template) throw badRequest('error.challengeNeedsTemplate');
            } else if ((await from.countFlags(current.id)) === 0) {
              throw badRequest('error.challengeNeedsFlag');
            }
          }
          changes.is_enabled = input.isEnabled;
        }
        const release = releaseChange(current, changes, now);
        if (release !== undefined) changes.release_announced_at = release;
        // The prerequisites were written on the row above: read it again when nothing else changes.
        const updated =
          Object.keys(changes).length > 0
            ? await from.update(current.id, changes)
            : input.prerequisites !== undefined
              ? await load(gameId, challengeId, from)
              : current;
        return { current, updated, model: await detail(updated, from) };
      });

      const { current, updated } = outcome;
      // Players see a challenge once it is enabled and released: it is new to them when it becomes both now. One
      // enabled with a release ahead is announced at its release (services/challenge-release.ts).
      const wasPlayable = playable(current, now);
      // A challenge hidden until unlocked is announced to nobody: the notice would name it to every team.
      const hiddenUntilUnlocked = outcome.model.prerequisites?.hidden === true;
      if (isGameRunning(game, now) && playable(updated, now) && !hiddenUntilUnlocked) {
        if (!wasPlayable) await deps.notices.post(gameId, 'NewChallenge', [updated.title]);
        else if (input.hints != null && !sameHints(current.hints, updated.hints)) {
          await deps.notices.post(gameId, 'NewHint', [updated.title]);
        }
      }
      await invalidate(gameId);
      if (isContainer(updated.type) && testContainerOf) {
        return { ...outcome.model, testContainer: await testContainerOf(updated.id) };
      }
      return outcome.model;
    },

    async remove(gameId: number, challengeId: number): Promise<void> {
      await transaction(async (from) => {
        const challenge = await load(gameId, challengeId, from, true);
        const owned = await from.attachmentIdsOf([challenge.id]);
        await from.delete(challenge.id);
        await from.deleteAttachments(owned);
      });
      await invalidate(gameId);
      // Its instance rows went with it; the containers module removes the instances themselves.
      await deps.events.publish(INSTANCE_OWNERS_DELETED, { gameId });
    },

    /** Accepted counts are computed on every read; this only asks for a fresh scoreboard. */
    async recountAccepted(gameId: number): Promise<void> {
      await loadGame(gameId);
      await invalidate(gameId);
    },

    /**
     * Static flags; for DynamicAttachment each flag may bring its own attachment. All or nothing: every flag is
     * checked (match type, pattern, attachment) and one bad flag refuses the batch with every refused flag
     * named by its place in the list (`BatchError`), so an organiser fixes those lines and sends the list again
     * without finding half of it already added.
     */
    async addFlags(gameId: number, challengeId: number, flags: FlagCreateModel[]): Promise<void> {
      await transaction(async (from) => {
        const challenge = await load(gameId, challengeId, from, true);
        if (challenge.type === 'DynamicContainer') throw badRequest('error.flagsFromTemplate');
        const problems: BatchProblem[] = [];
        flags.forEach((flag, index) => {
          // Match types other than Exact are for static challenges: a pool flag is handed to one team as it is.
          if (flag.matchType !== 'Exact' && challenge.type === 'DynamicAttachment')
            problems.push({ index, key: 'error.flagMatchStaticOnly' });
          else if (isRegexMatch(flag.matchType) && !isUsablePattern(flag.flag))
            problems.push({ index, key: 'error.flagPatternInvalid' });
        });
        for (const [index, flag] of flags.entries()) {
          let attachmentId: number | null = null;
          if (challenge.type === 'DynamicAttachment') {
            try {
              const attachment = await newAttachment(from, flag);
              if (attachment) attachmentId = await from.insertAttachment(attachment);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              problems.push({ index, key: error.messageKey, params: error.params });
              continue;
            }
          }
          // The transaction is rolled back below when anything was refused.
          if (problems.length === 0) await from.insertFlag(challenge.id, flag.flag, flag.matchType, attachmentId);
        }
        if (problems.length > 0) {
          problems.sort((a, b) => a.index - b.index);
          throw new BatchError(problems, 'error.flagBatchRefused');
        }
      });
      await deps.events.publish(PLAY_LOOKUPS_CHANGED, { gameId });
    },

    /** Removing the last flag disables the challenge. */
    async removeFlag(gameId: number, challengeId: number, flagId: number): Promise<TaskStatus> {
      const outcome = await transaction(async (from) => {
        const challenge = await load(gameId, challengeId, from, true);
        const flag = await from.deleteFlag(challenge.id, flagId);
        if (!flag) return { status: 'NotFound' as const, disabled: false };
        if (flag.attachment_id !== null) await from.deleteAttachments([flag.attachment_id]);
        const disable =
          challenge.is_enabled && challenge.type !== 'DynamicContainer' && (await from.countFlags(challenge.id)) === 0;
        if (disable) await from.update(challenge.id, { is_enabled: false });
        return { status: 'Success' as const, disabled: disable };
      });
      if (outcome.disabled) await invalidate(gameId);
      else await deps.events.publish(PLAY_LOOKUPS_CHANGED, { gameId });
      return outcome.status;
    },

    /** Sets or clears the challenge's own attachment (not for DynamicAttachment: files go per flag). */
    async setAttachment(gameId: number, challengeId: number, input: AttachmentCreateModel): Promise<void> {
      await transaction(async (from) => {
        const challenge = await load(gameId, challengeId, from, true);
        if (challenge.type === 'DynamicAttachment') throw badRequest('error.attachmentPerFlag');
        const attachment = await newAttachment(from, input);
        const attachmentId = attachment ? await from.insertAttachment(attachment) : null;
        await from.update(challenge.id, { attachment_id: attachmentId });
        if (challenge.attachment_id !== null) await from.deleteAttachments([challenge.attachment_id]);
      });
      await deps.events.publish(PLAY_LOOKUPS_CHANGED, { gameId });
    },
  };
}
export type ChallengeEditService = ReturnType<typeof createChallengeEditService>;
