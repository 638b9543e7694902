import type { ArrayResponseOfStoredFile, ConfigEditModel, ConfigUpdateModel } from '@flagpole/contract';
import type { AdminFileRepository } from '../repositories/admin-files.repository';
import type { FileStore } from './file-store.service';
import { storeUploadedImage } from './image-upload';
import type { SettingsService } from './settings.service';

/** Widths the uploaded logo is re-encoded to: the logo shown in the page, and the favicon. */
export const LOGO_WIDTH = 640;
export const FAVICON_WIDTH = 256;

/** Site settings as the admin edits them, the logo, and the list of stored files. */
export function createAdminSettingsService(deps: {
  settings: SettingsService;
  files: FileStore;
  fileList: AdminFileRepository;
}) {
  async function releaseLogo(logoHash: string | null, faviconHash: string | null): Promise<void> {
    if (logoHash) await deps.files.release(logoHash);
    if (faviconHash) await deps.files.release(faviconHash);
  }

  return {
    get(): ConfigEditModel {
      const { accountPolicy, globalConfig, containerPolicy } = deps.settings.get();
      return { accountPolicy, globalConfig, containerPolicy };
    },

    async edit(input: ConfigUpdateModel): Promise<void> {
      await deps.settings.edit(input);
    },

    /** Stores the logo and its favicon, then lets go of the previous pair. */
    async setLogo(upload: Buffer): Promise<void> {
      const logo = await storeUploadedImage(deps.files, upload, LOGO_WIDTH);
      const favicon = await storeUploadedImage(deps.files, upload, FAVICON_WIDTH);
      const previous = deps.settings.get().globalConfig;
      await deps.settings.setLogo(logo.hash, favicon.hash);
      await releaseLogo(previous.logoHash, previous.faviconHash);
    },

    async resetLogo(): Promise<void> {
      const previous = deps.settings.get().globalConfig;
      if (!previous.logoHash && !previous.faviconHash) return;
      await deps.settings.setLogo(null, null);
      await releaseLogo(previous.logoHash, previous.faviconHash);
    },

    /** `total` equals `length`, as in the reference: the list is not counted. */
    async files(skip: number, count: number): Promise<ArrayResponseOfStoredFile> {
      const rows = await deps.fileList.page(skip, count);
      const data = rows.map((row) => ({
        hash: row.hash,
        name: row.hash,
        size: row.size,
        contentType: row.contentType,
        referenceCount: row.referenceCount,
        uploadTimeUtc: row.createdAt.getTime(),
      }));
      return { data, length: data.length, total: data.length };
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
