import type { UploadedPart } from '../http/upload';
import { sniffImageType } from '../lib/file-type';
import type { FileStore, StagedFile } from './file-store.service';

/** A stored file as the contract's `LocalFile`: the SHA-256 of its content and a display name. */
export interface LocalFile {
  hash: string;
  name: string;
}

const FALLBACK_NAME = 'attachment';
const MAX_NAME_LENGTH = 255;

/**
 * A client's file name made safe to show and to put in a download link: the last path segment,
 * without control or bidirectional-override characters, at most 255 characters, never empty.
 */
export function displayFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const name = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return name === '' || name === '.' || name === '..' ? FALLBACK_NAME : name;
}

/** Challenge attachments and other files organisers upload. */
export function createAssetService(deps: { files: FileStore }) {
  return {
    /**
     * Stores every non-empty uploaded file, then returns them as `LocalFile`s, named `rename` when
     * given. All files are written to temporary files first and only added to the store once the
     * whole request has been read, so a failed upload leaves no references behind.
     */
    async upload(parts: AsyncIterable<UploadedPart>, rename: string | undefined): Promise<LocalFile[]> {
      const staged: Array<{ file: StagedFile; name: string }> = [];
      try {
        for await (const part of parts) {
          const file = await deps.files.stage(part.stream);
          if (file.size === 0) {
            await file.discard();
            continue;
          }
          staged.push({ file, name: displayFileName(rename?.trim() ? rename : part.fileName) });
        }
        for (const { file, name } of staged) {
          // Only pictures keep their type; anything else is served as a download typed by its name.
          await file.commit(sniffImageType(file.head), name);
        }
      } finally {
        await Promise.all(staged.map(({ file }) => file.discard()));
      }
      return staged.map(({ file, name }) => ({ hash: file.hash, name }));
    },

    /** Drops one reference to a stored file; its bytes stay until a clean-up removes unreferenced files. */
    remove(hash: string): Promise<void> {
      return deps.files.releaseExisting(hash);
    },
  };
}
export type AssetService = ReturnType<typeof createAssetService>;
