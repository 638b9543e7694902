import type { PostDetailModel, PostEditModel } from '@flagpole/contract';
import { badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { randomHex } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import type { PostRepository } from '../repositories/post.repository';
import { toPostInfo } from './post.service';

/** The event-bus channel that tells every process its post cache is out of date. */
export const POSTS_CHANGED = 'posts:changed';

const POST_ID = /^[0-9a-f]{8}$/;
/** Ids are random; a clash (about one in four billion per post) is simply retried. */
const ID_ATTEMPTS = 5;

/**
 * Organisers write posts. Markdown is stored exactly as given: the web app renders it without raw HTML.
 * Every change is announced on the event bus after it is written, so every process drops its post cache.
 */
export function createPostEditService(deps: { repository: PostRepository; clock: Clock; events: EventBus }) {
  const { repository, clock, events } = deps;
  const changed = () => events.publish(POSTS_CHANGED, {});

  async function detail(id: string): Promise<PostDetailModel> {
    const post = await repository.findWithAuthor(id);
    if (!post) throw notFound('error.postNotFound');
    return { ...toPostInfo(post), content: post.content };
  }

  return {
    /** Creates a post written by `authorId`; returns its id. A title is required, the rest defaults to empty. */
    async create(authorId: string, model: PostEditModel): Promise<string> {
      if (!model.title) throw badRequest('error.missingField', { field: 'title' });
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
        const id = randomHex(4);
        const inserted = await repository.insert({
          id,
          title: model.title,
          summary: model.summary ?? '',
          content: model.content ?? '',
          tags: model.tags ?? [],
          isPinned: model.isPinned ?? false,
          authorId,
          updatedAt: clock.now(),
        });
        if (inserted) {
          await changed();
          return id;
        }
      }
      throw new Error('no free post id');
    },

    /**
     * A non-null `isPinned` changes only the pin (the post keeps its time and author); otherwise the
     * non-null fields replace the stored ones and the caller becomes the author of this version.
     */
    async update(id: string, editorId: string, model: PostEditModel): Promise<PostDetailModel> {
      if (!POST_ID.test(id)) throw notFound('error.postNotFound');
      const changes =
        model.isPinned !== null && model.isPinned !== undefined
          ? { isPinned: model.isPinned }
          : {
              title: model.title ?? undefined,
              summary: model.summary ?? undefined,
              content: model.content ?? undefined,
              tags: model.tags ?? undefined,
              authorId: editorId,
              updatedAt: clock.now(),
            };
      if (!(await repository.update(id, changes))) throw notFound('error.postNotFound');
      await changed();
      return detail(id);
    },

    async remove(id: string): Promise<void> {
      if (!POST_ID.test(id) || !(await repository.remove(id))) throw notFound('error.postNotFound');
      await changed();
    },
  };
}
export type PostEditService = ReturnType<typeof createPostEditService>;
