import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CtfdImportReport } from '@flagpole/contract';
import type { Db } from '../db/database';
import { AppError, badRequest } from '../http/errors';
import type { Clock } from '../lib/clock';
import { randomToken } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import { sniffImageType } from '../lib/file-type';
import { generateGameKeyPair } from '../lib/team-token';
import { openZip, type ZipArchive, ZipError, type ZipLimits } from '../lib/zip-reader';
import { zipStream } from '../lib/zip-stream';
import { createDivisionRepository } from '../repositories/division.repository';
import { createGamePhaseRepository } from '../repositories/game-phase.repository';
import type { FileStore, StagedFile } from '../services/file-store.service';
import { GAMES_CHANGED } from '../services/game-edit.service';
import { insertPendingAwards } from './import-awards';
import { insertLockedHints } from './import-hints';
import type { ImportPlan, PlanAttachment, PlanFile } from './import-plan';
import { isCtfdExport, readCtfdExport } from './read-ctfd';
import { isGamePackage, readGamePackage } from './read-package';
import { createTransferRepository } from './transfer.repository';
import { insertPrerequisites } from './transfer-prerequisites';

/** What an uploaded archive may be; the package limit is the reference's 512 MiB. */
export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};
const MIB = 1024 * 1024;
/** Bundled CTFd files get this modification time, so the same export always makes the same bundle. */
const BUNDLE_TIME = new Date(Date.UTC(2000, 0, 1));

/** The uploaded archive as the route hands it over: checked for name and type, not yet read. */
export interface PackageUpload {
  fileName: string;
  mimeType: string;
  stream: Readable;
}

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

function zipProblem(error: ZipError, limits: ZipLimits): AppError {
  const entry = error.entry ?? '';
  switch (error.problem) {
    case 'notZip':
      return badRequest('error.importNotZip');
    case 'corrupt':
      return entry ? badRequest('error.importCorruptEntry', { entry }) : badRequest('error.importCorrupt');
    case 'encrypted':
    case 'unsupported':
      return badRequest('error.importUnsupportedZip');
    case 'unsafeName':
      return badRequest('error.importUnsafeEntry', { entry });
    case 'duplicateName':
      return badRequest('error.importDuplicateEntry', { entry });
    case 'specialFile':
      return badRequest('error.importSpecialFile', { entry });
    case 'tooManyEntries':
      return badRequest('error.importTooManyEntries', { max: limits.maxEntries });
    case 'tooLarge':
      return badRequest('error.importUnpackedTooLarge', { max: Math.floor(limits.maxTotalBytes / MIB) });
    case 'ratio':
      return badRequest('error.importRatio', { entry, max: limits.maxRatio });
  }
}

/**
 * Game imports: the upload is written to a temporary file, checked as a zip, read completely into a plan and its
 * files staged (hashed and compared with their names) before the database is touched; then the game is built in
 * one transaction and only after it commits do the staged files move into the store. A failure at any point
 * leaves no game, no reference count and no file behind.
 */
export function createGameImportService(deps: {
  db: Db;
  files: FileStore;
  clock: Clock;
  events: EventBus;
  /** Temporary files go here (the file store's staging folder: the same disk). */
  workDir: string;
  maxUploadBytes: number;
  zipLimits?: ZipLimits;
}) {
  const zipLimits = deps.zipLimits ?? IMPORT_ZIP_LIMITS;

  /** 413 as soon as the package grows past the limit, while it streams in (not once it has all been read). */
  const tooLarge = (max: number) =>
    new AppError(413, 'error.importTooLarge', { max: Number((max / MIB).toPrecision(3)) });

  /** Writes the upload to a temporary file, refusing a wrong name or type and anything over the size limit. */
  async function receive(upload: PackageUpload, file: string): Promise<void> {
    if (!upload.fileName.toLowerCase().endsWith('.zip') || !ZIP_TYPES.has(upload.mimeType.toLowerCase())) {
      upload.stream.resume();
      throw badRequest('error.importUpload');
    }
    let size = 0;
    const max = deps.maxUploadBytes;
    await mkdir(deps.workDir, { recursive: true });
    try {
      await pipeline(
        upload.stream,
        async function* count(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > max) throw tooLarge(max);
            yield chunk;
          }
        },
        createWriteStream(file, { flags: 'wx' }),
      );
    } catch (error) {
      // A body cut short or malformed is the client's; the disk's own errors (ENOSPC, EACCES…) stay 500s.
      const code = (error as { code?: unknown } | null)?.code;
      if (error instanceof AppError || (typeof code === 'string' && /^E[A-Z]+$/.test(code))) throw error;
      throw badRequest('error.malformedUpload');
    }
    // The multipart reader stops at its own limit (one byte over ours) and marks the part truncated.
    if ((upload.stream as Readable & { truncated?: boolean }).truncated) {
      throw tooLarge(max);
    }
    if (size === 0) throw badRequest('error.importEmpty');
  }

  function stageOne(archive: ZipArchive, file: PlanFile): Promise<StagedFile> {
    if ('bundle' in file) {
      const parts = file.bundle;
      async function* entries() {
        for (const part of parts) yield { name: part.name, modified: BUNDLE_TIME, content: archive.stream(part.entry) };
      }
      return deps.files.stage(zipStream(entries()));
    }
    return deps.files.stage(archive.stream(file.entry));
  }

  /** Hashes every file of the plan into the staging area; a file that is not what the package says is a 400. */
  async function stageFiles(archive: ZipArchive, plan: ImportPlan, staged: Map<string, StagedFile>): Promise<void> {
    for (const [key, file] of plan.files) {
      const result = await stageOne(archive, file);
      staged.set(key, result);
      if ('entry' in file) {
        const hashMismatch = file.expectedHash !== undefined && result.hash !== file.expectedHash;
        const sizeMismatch = file.expectedSize !== undefined && result.size !== file.expectedSize;
        if (hashMismatch || sizeMismatch || result.size === 0) {
          throw badRequest('error.importFileMismatch', { entry: file.entry.name });
        }
      }
    }
  }

  /** Files the package holds but does not use are not stored; they must still be what their names say. */
  async function verifyUnused(archive: ZipArchive, plan: ImportPlan): Promise<void> {
    for (const file of plan.unused) {
      const hasher = createHash('sha256');
      for await (const chunk of archive.stream(file.entry)) hasher.update(chunk as Buffer);
      if (hasher.digest('hex') !== file.expectedHash) {
        throw badRequest('error.importFileMismatch', { entry: file.entry.name });
      }
    }
  }

  /** Writes the plan in one transaction; returns the new game's id. */
  async function build(plan: ImportPlan, staged: Map<string, StagedFile>): Promise<number> {
    const hashOf = (key: string) => (staged.get(key) as StagedFile).hash;
    const keys = generateGameKeyPair();
    return deps.db.transaction().execute(async (trx) => {
      const repo = createTransferRepository(trx);
      const { game } = plan;
      // One reference per attachment row and one for the poster, as editing and deleting count them; the rows
      // come first because attachments and the poster point at them.
      const references = new Map<string, { hash: string; size: number; contentType: string; count: number }>();
      const refer = (key: string) => {
        const file = staged.get(key) as StagedFile;
        const current = references.get(file.hash);
        if (current) current.count += 1;
        else
          references.set(file.hash, {
            hash: file.hash,
            size: file.size,
            contentType: sniffImageType(file.head),
            count: 1,
          });
      };
      if (game.poster) refer(game.poster);
      for (const row of plan.challenges) {
        if (row.attachment?.type === 'Local') refer(row.attachment.file);
        for (const flag of row.flags) if (flag.attachment?.type === 'Local') refer(flag.attachment.file);
      }
      await repo.addFileReferences([...references.values()]);
      // As on the reference: an imported game starts hidden, out of practice mode, without an invite code.
      const gameId = await repo.insertGame({
        title: game.title,
        summary: game.summary,
        content: game.content,
        hidden: true,
        practice_mode: false,
        invite_code: null,
        poster_hash: game.poster ? hashOf(game.poster) : null,
        accept_without_review: game.acceptWithoutReview,
        team_member_count_limit: game.teamMemberCountLimit,
        container_count_limit: game.containerCountLimit,
        start_at: game.start,
        end_at: game.end,
        writeup_required: game.writeupRequired,
        writeup_deadline: game.writeupDeadline,
        writeup_note: game.writeupNote,
        blood_bonus: game.bloodBonus,
        flag_format: game.flagFormat,
        flag_format_check: game.flagFormatCheck,
        freeze_at: game.freezeAt,
        individual: game.individual,
        member_progress: game.memberProgress,
        public_key: keys.publicKey,
        private_key: keys.privateKey,
      });

      // Attachments first (challenges and flags point at them), in a fixed order: each challenge's own, then its flags'.
      const attachmentRows: Array<{ type: 'Local' | 'Remote'; file_hash: string | null; remote_url: string | null }> =
        [];
      const rowOf = (attachment: PlanAttachment | null): number | null => {
        if (!attachment) return null;
        attachmentRows.push(
          attachment.type === 'Local'
            ? { type: 'Local', file_hash: hashOf(attachment.file), remote_url: null }
            : { type: 'Remote', file_hash: null, remote_url: attachment.url },
        );
        return attachmentRows.length - 1;
      };
      const prepared = plan.challenges.map((c) => ({
        c,
        own: rowOf(c.attachment),
        flags: c.flags.map((f) => ({ flag: f.flag, matchType: f.matchType, row: rowOf(f.attachment) })),
      }));
      const attachmentIds = await repo.insertAttachments(attachmentRows);
      const idOf = (index: number | null) => (index === null ? null : (attachmentIds[index] ?? null));

      // Phases before the challenges that name them.
      const phases = createGamePhaseRepository(trx);
      const newPhaseId = new Map<number, number>();
      for (const phase of plan.phases ?? []) {
        newPhaseId.set(phase.sourceId, (await phases.insert(gameId, { title: phase.title, startAt: phase.start })).id);
      }
      const challengeIds = await repo.insertChallenges(
        prepared.map(({ c, own }) => ({
          game_id: gameId,
          title: c.title,
          content: c.content,
          category: c.category,
          type: c.type,
          hints: JSON.stringify(c.hints),
          // As on the reference: imported challenges wait for an organiser to enable them.
          is_enabled: false,
          deadline_at: c.deadline,
          release_at: c.release,
          submission_limit: c.submissionLimit,
          flag_template: c.flagTemplate,
          file_name: c.fileName,
          attachment_id: idOf(own),
          ...(c.container
            ? {
                container_image: c.container.image,
                memory_limit: c.container.memoryLimit,
                cpu_count: c.container.cpuCount,
                storage_limit: c.container.storageLimit,
                expose_port: c.container.exposePort,
                network_mode: c.container.networkMode,
                container_services: c.container.services.length > 0 ? JSON.stringify(c.container.services) : null,
              }
            : {}),
          enable_traffic_capture: c.enableTrafficCapture,
          disable_blood_bonus: c.disableBloodBonus,
          original_score: c.originalScore,
          min_score_rate: c.minScoreRate,
          difficulty: c.difficulty,
          phase_id: c.phaseSourceId == null ? null : (newPhaseId.get(c.phaseSourceId) ?? null),
        })),
      );
      await repo.insertFlags(
        prepared.flatMap(({ flags }, index) => {
          const challengeId = challengeIds[index];
          if (challengeId === undefined) throw new Error('a challenge id is missing after the insert');
          return flags.map((f) => ({
            challenge_id: challengeId,
            flag: f.flag,
            match_type: f.matchType,
            attachment_id: idOf(f.row),
          }));
        }),
      );
      await insertLockedHints(trx, gameId, plan.challenges, challengeIds);
      await repo.insertNotices(gameId, plan.notices);
      await repo.insertHealthChecks(
        gameId,
        plan.challenges.flatMap((c, index) =>
          c.healthCheck && challengeIds[index] !== undefined
            ? [{ challengeId: challengeIds[index], check: c.healthCheck }]
            : [],
        ),
        deps.clock.now(),
      );

      const newChallengeId = new Map(plan.challenges.map((c, index) => [c.sourceId, challengeIds[index] as number]));
      await insertPrerequisites(trx, plan.challenges, newChallengeId);
      await insertPendingAwards(trx, gameId, plan.awards);
      const divisions = createDivisionRepository(trx);
      for (const division of plan.divisions) {
        const created = await divisions.insert(gameId, division);
        const configs = division.configs.map((c) => [newChallengeId.get(c.sourceChallengeId) as number, c.permissions]);
        await divisions.replaceConfigs(gameId, created.id, new Map(configs as Array<[number, number]>));
      }
      return gameId;
    });
  }

  async function run<T>(
    upload: PackageUpload,
    read: (archive: ZipArchive) => Promise<{ plan: ImportPlan; extra: T }>,
  ): Promise<{ gameId: number; plan: ImportPlan; extra: T }> {
    const file = path.join(deps.workDir, `${randomToken(12)}.import.zip`);
    const staged = new Map<string, StagedFile>();
    try {
      await receive(upload, file);
      const archive = await openZip(file, zipLimits);
      const { plan, extra } = await read(archive);
      await verifyUnused(archive, plan);
      await stageFiles(archive, plan, staged);
      const gameId = await build(plan, staged);
      // Committed: the bytes move into the store (a file the store already holds is simply dropped).
      for (const item of staged.values()) await item.place(sniffImageType(item.head));
      await deps.events.publish(GAMES_CHANGED, { gameId });
      return { gameId, plan, extra };
    } catch (error) {
      if (error instanceof ZipError) throw zipProblem(error, zipLimits);
      throw error;
    } finally {
      await Promise.all([...staged.values()].map((item) => item.discard()));
      await rm(file, { force: true });
    }
  }

  return {
    /** A game package (the reference's layout): the new game's id, and its awards kept pending or skipped. */
    async importPackage(
      upload: PackageUpload,
    ): Promise<{ gameId: number; pendingAwards: number; skippedAwards: number }> {
      const { gameId, plan } = await run(upload, async (archive) => {
        if (!isGamePackage(archive) && isCtfdExport(archive)) throw badRequest('error.importCtfdHere');
        return { plan: await readGamePackage(archive), extra: undefined };
      });
      return { gameId, pendingAwards: plan.awards?.length ?? 0, skippedAwards: plan.awardsSkipped ?? 0 };
    },

    /** A CTFd export; returns the new game's id with what the import had to adapt. */
    async importCtfd(upload: PackageUpload): Promise<CtfdImportReport> {
      const { gameId, plan, extra } = await run(upload, async (archive) => {
        if (!isCtfdExport(archive)) throw badRequest('error.importNotCtfd');
        const reading = await readCtfdExport(archive, deps.clock.now());
        return { plan: reading.plan, extra: reading };
      });
      return {
        gameId,
        challenges: plan.challenges.length,
        flags: plan.challenges.reduce((n, c) => n + c.flags.length, 0),
        hints: plan.challenges.reduce((n, c) => n + c.hints.length, 0),
        files: plan.files.size,
        notices: plan.notices.length,
        pendingAwards: plan.awards?.length ?? 0,
        categories: extra.categories,
        notes: extra.notes,
      };
    },
  };
}
export type GameImportService = ReturnType<typeof createGameImportService>;
