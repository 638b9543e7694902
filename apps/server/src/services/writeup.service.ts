import type { Readable } from 'node:stream';
import type { BasicWriteupInfoModel, TeamInfoModel, WriteupInfoModel } from '@flagpole/contract';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import type { UploadedPart } from '../http/upload';
import type { Clock } from '../lib/clock';
import { attachmentDisposition, fileNameTimestamp, safeFileNamePart } from '../lib/safe-file-name';
import { type ZipEntry, zipStream } from '../lib/zip-stream';
import type { TeamMemberRow } from '../repositories/team.repository';
import type { StoredWriteupRow, WriteupContextRow, WriteupRepository } from '../repositories/writeup.repository';
import type { FileStore, StagedFile } from './file-store.service';
import { assertGameStarted } from './game-window';
import { avatarUrl } from './profile.service';

/** Every PDF starts with this signature; the client's file name and declared type are not trusted. */
const PDF_SIGNATURE = Buffer.from('%PDF-', 'ascii');
const PDF_TYPE = 'application/pdf';

/** The name a team's writeup is shown and downloaded under, built from ids and the sanitised team name. */
export const writeupFileName = (gameId: number, teamId: number, teamName: string) =>
  `Writeup-${gameId}-${teamId}-${safeFileNamePart(teamName, 'team')}.pdf`;

/** An accepted participation of a started game; 404 no game, 403 not on a roster, 400 not accepted or not started. */
function acceptedParticipation(context: WriteupContextRow | undefined, now: Date) {
  if (!context) throw notFound('error.gameNotFound');
  const { game, participation } = context;
  if (!participation) throw forbidden('error.notInGame');
  if (participation.status !== 'Accepted') throw badRequest('error.participationNotAccepted');
  assertGameStarted(game, now);
  return { game, participation };
}

/**
 * Writeups: a team of a game that asks for them uploads one PDF before the writeup deadline (replacing
 * the previous one; the game may have ended). Organisers list them, download one (a content-addressed
 * asset) or all of them as one zip, and clear them. Files live in the file store, reference counted.
 */
export function createWriteupService(deps: {
  repository: WriteupRepository;
  files: FileStore;
  clock: Clock;
  teamMembers: (teamIds: number[]) => Promise<TeamMemberRow[]>;
}) {
  const { repository, files, clock } = deps;

  async function gameTitle(gameId: number): Promise<string> {
    const title = await repository.gameTitle(gameId);
    if (title === undefined) throw notFound('error.gameNotFound');
    return title;
  }

  function toTeam(row: StoredWriteupRow, members: TeamMemberRow[]): TeamInfoModel {
    return {
      id: row.teamId,
      name: row.teamName,
      bio: row.teamBio,
      avatar: avatarUrl(row.teamAvatarHash),
      locked: row.teamLocked,
      members: members
        .filter((m) => m.teamId === row.teamId)
        .map((m) => ({
          id: m.userId,
          userName: m.userName,
          bio: m.bio,
          avatar: avatarUrl(m.avatarHash),
          captain: m.userId === row.captainId,
        })),
    };
  }

  /** Stages the request's one file; the whole body is read first, so a second file refuses the upload. */
  async function stageOnlyFile(parts: AsyncIterable<UploadedPart>): Promise<StagedFile> {
    let staged: StagedFile | undefined;
    try {
      for await (const part of parts) {
        if (staged) {
          part.stream.resume();
          throw badRequest('error.invalidField', { field: 'file' });
        }
        staged = await files.stage(part.stream);
      }
    } catch (error) {
      await staged?.discard();
      throw error;
    }
    if (!staged) throw badRequest('error.missingField', { field: 'file' });
    return staged;
  }

  return {
    async mine(gameId: number, userId: string): Promise<BasicWriteupInfoModel> {
      const { game, participation } = acceptedParticipation(await repository.context(gameId, userId), clock.now());
      const submitted = participation.writeupHash !== null;
      return {
        submitted,
        name: submitted ? writeupFileName(game.id, participation.teamId, participation.teamName) : '',
        fileSize: participation.writeupSize ?? 0,
        note: game.writeup_note,
      };
    },

    /**
     * Stores the first file of `parts` as the team's writeup. The rules are checked before the body is
     * read, so a refused upload costs no disk; the content must be a PDF by its own first bytes.
     */
    async submit(gameId: number, userId: string, parts: AsyncIterable<UploadedPart>): Promise<void> {
      const now = clock.now();
      const { game, participation } = acceptedParticipation(await repository.context(gameId, userId), now);
      if (!game.writeup_required) throw badRequest('error.writeupNotRequired');
      if (now.getTime() >= game.writeup_deadline.getTime()) throw badRequest('error.writeupDeadlinePassed');
      const staged = await stageOnlyFile(parts);
      try {
        if (staged.size === 0 || !staged.head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
          throw badRequest('error.writeupNotPdf');
        }
        await staged.commit(PDF_TYPE);
      } finally {
        await staged.discard();
      }
      let previous: string | null;
      try {
        previous = await repository.replace(participation.id, staged.hash, now);
      } catch (error) {
        await files.release(staged.hash);
        throw error;
      }
      if (previous) await files.release(previous);
    },

    async list(gameId: number): Promise<WriteupInfoModel> {
      await gameTitle(gameId);
      const [rows, divisions] = await Promise.all([repository.list(gameId), repository.divisionNames(gameId)]);
      const members = await deps.teamMembers([...new Set(rows.map((r) => r.teamId))]);
      return {
        divisions,
        writeups: rows.map((row) => ({
          id: row.participationId,
          team: toTeam(row, members),
          url: `/assets/${row.hash}/${encodeURIComponent(writeupFileName(gameId, row.teamId, row.teamName))}`,
          uploadTimeUtc: row.uploadedAt.getTime(),
          divisionId: row.divisionId,
        })),
      };
    },

    /** Every writeup of the game in one zip, named by team; streamed, one file open at a time. */
    async archive(gameId: number): Promise<{ disposition: string; stream: Readable }> {
      const title = await gameTitle(gameId);
      const rows = await repository.list(gameId);
      async function* entries(): AsyncGenerator<ZipEntry> {
        for (const row of rows) {
          const opened = await files.open(row.hash).catch((error: unknown) => {
            // A file removed from disk behind the platform's back leaves a gap, not a broken archive.
            if (error instanceof AppError && error.httpStatus === 404) return null;
            throw error;
          });
          if (!opened) continue;
          yield {
            name: `${row.teamId}-${safeFileNamePart(row.teamName, 'team')}.pdf`,
            modified: row.uploadedAt,
            content: opened.stream,
          };
        }
      }
      const name = `Writeups-${safeFileNamePart(title, String(gameId))}-${fileNameTimestamp(clock.now())}.zip`;
      return { disposition: attachmentDisposition(name), stream: zipStream(entries()) };
    },

    async clear(gameId: number): Promise<void> {
      await gameTitle(gameId);
      const released = await repository.clear(gameId);
      for (const hash of released) await files.release(hash);
    },
  };
}
export type WriteupService = ReturnType<typeof createWriteupService>;
