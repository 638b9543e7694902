export interface EncodedImage {
  data: Buffer;
  contentType: 'image/webp' | 'image/gif';
  extension: 'webp' | 'gif';
}

/** Decoders we accept, by what sharp detects in the bytes (AVIF and HEIC both report `heif`). */
const ACCEPTED_FORMATS = new Set(['png', 'gif', 'jpeg', 'webp', 'heif']);
/** Refuses decompression bombs: ~40 megapixels is far beyond any real avatar. */
const MAX_INPUT_PIXELS = 40_000_000;

export class UnsupportedImageError extends Error {}

/**
 * Re-encodes an uploaded picture to `width` pixels wide: WebP, or GIF when the upload is a GIF
 * (animation kept). Metadata such as EXIF location is dropped. The type is detected from the content, never from the name or declared type.
 */
export async function reencodeImage(
  input: Buffer,
  width: number,
  options: { enlarge?: boolean } = {},
): Promise<EncodedImage> {
  // Loaded on the first upload: the image library's native code is large and most processes rarely need it.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new UnsupportedImageError('not an image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImageError(`format ${format ?? 'unknown'}`);
  const animated = format === 'gif';
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated })
      .rotate()
      .resize({ width, withoutEnlargement: options.enlarge === false });
    if (animated) return { data: await pipeline.gif().toBuffer(), contentType: 'image/gif', extension: 'gif' };
    return { data: await pipeline.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
  } catch {
    throw new UnsupportedImageError('cannot decode');
  }
}
