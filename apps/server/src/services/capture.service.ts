import type { Readable } from 'node:stream';
import type { ChallengeCategory, ChallengeTrafficModel, FileRecord, TeamTrafficModel } from '@flagpole/contract';
import { notFound } from '../http/errors';
import type { CaptureStore } from '../proxy/capture-store';
import type { CaptureRepository } from '../repositories/capture.repository';
import { avatarUrl } from './profile.service';

/** A missing capture is 404 in the body too (the reference sent body status 400 here; clients read the HTTP one). */
const captureNotFound = (key: 'capture.fileNotFound' | 'capture.nothingCaptured') => notFound(key);

/** Browsing, downloading and deleting recorded traffic (monitors and administrators). */
export function createCaptureService(deps: { repository: CaptureRepository; store: CaptureStore }) {
  const { repository, store } = deps;

  async function challengeOrThrow(challengeId: number) {
    const challenge = await repository.challenge(challengeId);
    if (!challenge) throw notFound('capture.challengeNotFound');
    return challenge;
  }

  return {
    async challenges(gameId: number): Promise<ChallengeTrafficModel[]> {
      if (!(await repository.gameExists(gameId))) throw notFound('capture.gameNotFound');
      const rows = await repository.capturingChallenges(gameId);
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          title: row.title,
          category: row.category as ChallengeCategory,
          type: row.type,
          isEnabled: row.isEnabled,
          count: (await store.teamsWithFiles(row.id)).size,
        })),
      );
    },

    async teams(challengeId: number): Promise<TeamTrafficModel[]> {
      const challenge = await challengeOrThrow(challengeId);
      const counts = await store.teamsWithFiles(challengeId);
      const rows = await repository.teams(challenge.gameId, [...counts.keys()]);
      if (rows.length === 0) throw captureNotFound('capture.nothingCaptured');
      return rows.map((row) => ({
        id: row.participationId,
        teamId: row.teamId,
        name: row.name,
        division: row.divisionName,
        avatar: avatarUrl(row.avatarHash),
        count: counts.get(row.participationId) ?? 0,
      }));
    },

    async files(challengeId: number, participationId: number): Promise<FileRecord[]> {
      await challengeOrThrow(challengeId);
      return store.files(challengeId, participationId);
    },

    async download(challengeId: number, participationId: number, fileName: string) {
      await challengeOrThrow(challengeId);
      const file = await store.read(challengeId, participationId, fileName);
      if (!file) throw captureNotFound('capture.fileNotFound');
      return file;
    },

    async downloadAll(challengeId: number, participationId: number): Promise<Readable> {
      await challengeOrThrow(challengeId);
      const archive = await store.zipAll(challengeId, participationId);
      if (!archive) throw captureNotFound('capture.nothingCaptured');
      return archive;
    },

    async remove(challengeId: number, participationId: number, fileName: string): Promise<void> {
      await challengeOrThrow(challengeId);
      if (!(await store.remove(challengeId, participationId, fileName))) throw captureNotFound('capture.fileNotFound');
    },

    async removeAll(challengeId: number, participationId: number): Promise<void> {
      await challengeOrThrow(challengeId);
      await store.removeAll(challengeId, participationId);
    },
  };
}
export type CaptureService = ReturnType<typeof createCaptureService>;
