import { z } from 'zod';
import { shortText } from './common';

export const postLimits = {
  title: { max: 50 },
  summary: { max: 1024 },
  content: { max: 65_536 },
  tags: 16,
  tag: { max: 32 },
} as const;

/**
 * Create or edit a post; every field may be left out or null. On edit, a non-null `isPinned` changes only
 * the pin (other fields are ignored and the update time is kept); otherwise null fields keep their values.
 * On create, `title` is required.
 */
export const PostEditModel = z.object({
  title: shortText({ min: 1, max: postLimits.title.max }).nullish(),
  summary: z.string().max(postLimits.summary.max).nullish(),
  content: z.string().max(postLimits.content.max).nullish(),
  tags: z
    .array(shortText({ min: 1, max: postLimits.tag.max }))
    .max(postLimits.tags)
    .nullish(),
  isPinned: z.boolean().nullish(),
});
export type PostEditModel = z.infer<typeof PostEditModel>;
