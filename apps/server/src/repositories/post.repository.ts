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

export interface NewPost {
  id: string;
  title: string;
  summary: string;
  content: string;
  tags: string[];
  isPinned: boolean;
  authorId: string;
  updatedAt: Date;
}

/** Fields to change; undefined ones keep their value. */
export interface PostChanges {
  title?: string;
  summary?: string;
  content?: string;
  tags?: string[];
  isPinned?: boolean;
  authorId?: string;
  updatedAt?: Date;
}

export function createPostRepository(db: Db) {
  const withAuthors = () =>
    db
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
      ]);

  return {
    /** Every post, pinned first, then newest first. */
    async listWithAuthors(): Promise<PostWithAuthor[]> {
      const rows = await withAuthors()
        .orderBy('posts.is_pinned', 'desc')
        .orderBy('posts.updated_at', 'desc')
        .orderBy('posts.id')
        .execute();
      return rows.map(toPostWithAuthor);
    },

    async findWithAuthor(id: string): Promise<PostWithAuthor | undefined> {
      const row = await withAuthors().where('posts.id', '=', id).executeTakeFirst();
      return row && toPostWithAuthor(row);
    },

    /** Inserts the post; false when the id is taken (the caller picks another). */
    async insert(post: NewPost): Promise<boolean> {
      const inserted = await db
        .insertInto('posts')
        .values({
          id: post.id,
          title: post.title,
          summary: post.summary,
          content: post.content,
          tags: post.tags,
          is_pinned: post.isPinned,
          author_id: post.authorId,
          updated_at: post.updatedAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Changes the given fields; false when there is no such post. */
    async update(id: string, changes: PostChanges): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({
          title: changes.title,
          summary: changes.summary,
          content: changes.content,
          tags: changes.tags,
          is_pinned: changes.isPinned,
          author_id: changes.authorId,
          updated_at: changes.updatedAt,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

interface PostWithAuthorRow {
  id: string;
  title: string;
  summary: string;
  content: string;
  is_pinned: boolean;
  tags: string[];
  updated_at: Date;
  user_name: string | null;
  avatar_hash: string | null;
}

function toPostWithAuthor(r: PostWithAuthorRow): PostWithAuthor {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    content: r.content,
    isPinned: r.is_pinned,
    tags: r.tags,
    updatedAt: r.updated_at,
    authorName: r.user_name,
    authorAvatarHash: r.avatar_hash,
  };
}
export type PostRepository = ReturnType<typeof createPostRepository>;
