import type { PostDetailModel, PostInfoModel } from '@flagpole/contract';
import { type CachedBody, cachedBody } from '../http/cached-response';
import { notFound } from '../http/errors';
import { sha256Hex } from '../lib/crypto';
import type { PostRepository, PostWithAuthor } from '../repositories/post.repository';
import { avatarUrl } from './profile.service';

const LATEST_COUNT = 20;
const POST_ID = /^[0-9a-f]{8}$/;

export function toPostInfo(post: PostWithAuthor): PostInfoModel {
  return {
    id: post.id,
    title: post.title,
    summary: post.summary,
    isPinned: post.isPinned,
    tags: post.tags,
    authorAvatar: avatarUrl(post.authorAvatarHash),
    authorName: post.authorName,
    time: post.updatedAt.getTime(),
  };
}

interface PostCache {
  all: CachedBody;
  latest: CachedBody;
  byId: Map<string, CachedBody>;
}

function serialise(prefix: string, value: unknown, lastModified: Date): CachedBody {
  return cachedBody(value, `${prefix}-${sha256Hex(JSON.stringify(value)).slice(0, 16)}`, lastModified);
}

/**
 * Posts are read far more often than written: every list and post is serialised once and served
 * from memory until `invalidate()` (called whenever posts change) drops the cache.
 */
export function createPostService(deps: { posts: PostRepository }) {
  let cache: Promise<PostCache> | undefined;

  async function build(): Promise<PostCache> {
    const posts = await deps.posts.listWithAuthors();
    const newest = posts.reduce((max, p) => Math.max(max, p.updatedAt.getTime()), 0);
    const lastModified = new Date(Math.floor(newest / 1000) * 1000);
    const infos = posts.map(toPostInfo);
    const byId = new Map<string, CachedBody>();
    for (const post of posts) {
      const detail: PostDetailModel = { ...toPostInfo(post), content: post.content };
      byId.set(post.id, serialise('post', detail, post.updatedAt));
    }
    return {
      all: serialise('all', infos, lastModified),
      latest: serialise('latest', infos.slice(0, LATEST_COUNT), lastModified),
      byId,
    };
  }

  const current = () => {
    cache ??= build().catch((error: unknown) => {
      cache = undefined;
      throw error;
    });
    return cache;
  };

  return {
    async all(): Promise<CachedBody> {
      return (await current()).all;
    },
    async latest(): Promise<CachedBody> {
      return (await current()).latest;
    },
    async get(id: string): Promise<CachedBody> {
      const post = POST_ID.test(id) ? (await current()).byId.get(id) : undefined;
      if (!post) throw notFound('error.postNotFound');
      return post;
    },
    /** Drops the cache; the next read rebuilds it. */
    invalidate(): void {
      cache = undefined;
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;
