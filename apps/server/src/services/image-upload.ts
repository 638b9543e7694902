import { badRequest } from '../http/errors';
import { reencodeImage, UnsupportedImageError } from '../lib/image';
import type { FileStore } from './file-store.service';

export interface StoredImage {
  hash: string;
  extension: 'webp' | 'gif';
}

/**
 * The one way an uploaded picture (avatar, team avatar, poster, logo) enters the file store:
 * refused when empty or not an accepted image, re-encoded to `width`, then stored by content.
 */
export async function storeUploadedImage(
  files: Pick<FileStore, 'store'>,
  upload: Buffer,
  width: number,
  options: { enlarge?: boolean } = {},
): Promise<StoredImage> {
  if (upload.length === 0) throw badRequest('error.imageRequired');
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(upload, width, options);
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw badRequest('error.imageType');
    throw error;
  }
  const hash = await files.store(image.data, image.contentType);
  return { hash, extension: image.extension };
}
