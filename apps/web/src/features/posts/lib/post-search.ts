import type { PostInfoModel } from '@flagpole/contract';

/**
 * The posts whose title, summary or a tag contains the search text (case- and accent-insensitive), in the order
 * the server gave (pinned first, then latest first). The whole list comes in one answer, so it is searched here.
 */
export function searchPosts(posts: PostInfoModel[], search: string): PostInfoModel[] {
  const needle = fold(search.trim());
  if (!needle) return posts;
  return posts.filter((post) =>
    [post.title, post.summary, ...(post.tags ?? [])].some((text) => fold(text).includes(needle)),
  );
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
