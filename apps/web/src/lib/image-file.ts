import { ALLOWED_IMAGE_TYPES, limits } from '@flagpole/contract';

export type ImageFileProblem = 'type' | 'size' | null;

/** The `accept` attribute for avatar, poster and logo pickers. */
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

/** Checks an image before upload: one of the allowed types, 1 byte to 3 MiB. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0 || file.size > limits.imageBytes) return 'size';
  return null;
}
