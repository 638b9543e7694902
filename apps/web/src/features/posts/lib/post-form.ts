import { type PostDetailModel, type PostEditModel, postLimits } from '@flagpole/contract';

export interface PostFormValues {
  title: string;
  summary: string;
  content: string;
  tags: string[];
  isPinned: boolean;
}

export const emptyPost: PostFormValues = { title: '', summary: '', content: '', tags: [], isPinned: false };

export function postFormValues(post: PostDetailModel): PostFormValues {
  return {
    title: post.title,
    summary: post.summary,
    content: post.content,
    tags: post.tags ?? [],
    isPinned: post.isPinned,
  };
}

/** Tags as they are saved: trimmed, without empty ones or repeats (first spelling kept). */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

export type PostFieldProblem =
  | { field: 'title'; problem: 'required' | 'tooLong' }
  | { field: 'summary' | 'content'; problem: 'tooLong' }
  | { field: 'tags'; problem: 'tooMany' | 'tagTooLong' };

/** What is wrong with the form, field by field, by the contract's limits (the server checks them again). */
export function postFormProblems(values: PostFormValues): PostFieldProblem[] {
  const problems: PostFieldProblem[] = [];
  const title = values.title.trim();
  if (!title) problems.push({ field: 'title', problem: 'required' });
  else if (title.length > postLimits.title.max) problems.push({ field: 'title', problem: 'tooLong' });
  if (values.summary.length > postLimits.summary.max) problems.push({ field: 'summary', problem: 'tooLong' });
  if (values.content.length > postLimits.content.max) problems.push({ field: 'content', problem: 'tooLong' });
  const tags = cleanTags(values.tags);
  if (tags.length > postLimits.tags) problems.push({ field: 'tags', problem: 'tooMany' });
  else if (tags.some((tag) => tag.length > postLimits.tag.max)) problems.push({ field: 'tags', problem: 'tagTooLong' });
  return problems;
}

/** The text fields as sent to the API (the pin travels on its own, see `useSetPostPinned`). */
export function toPostText(values: PostFormValues): Omit<PostEditModel, 'isPinned'> {
  return {
    title: values.title.trim(),
    summary: values.summary,
    content: values.content,
    tags: cleanTags(values.tags),
  };
}
