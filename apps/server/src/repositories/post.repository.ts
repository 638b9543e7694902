import type { Db } from '../db/database';

export interface PostWithAuthor {
  id: string;
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
  tags: string[];
  updatedAt: Date;
  authorName: string | null;
  authorAvatarHash: string | null;
}

export function createPostRepository(db: Db) {
  return {
    /** Every post, pinned first, then newest first. */
    async listWithAuthors(): Promise<PostWithAuthor[]> {
      const rows = await db
        .selectFrom('posts')
        .leftJoin('users', 'users.id', 'posts.author_id')
        .select([
          'posts.id',
          'posts.title',
          'posts.summary',
          'posts.content',
          'posts.is_pinned',
          'posts.tags',
          'posts.updated_at',
          'users.user_name',
          'users.avatar_hash',
        ])
        .orderBy('posts.is_pinned', 'desc')
        .orderBy('posts.updated_at', 'desc')
        .orderBy('posts.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        summary: r.summary,
        content: r.content,
        isPinned: r.is_pinned,
        tags: r.tags,
        updatedAt: r.updated_at,
        authorName: r.user_name,
        authorAvatarHash: r.avatar_hash,
      }));
    },
  };
}
export type PostRepository = ReturnType<typeof createPostRepository>;
