/** SWR keys (= API paths) of the post endpoints; every post change revalidates all of them. */
export const postKeys = {
  all: '/api/posts',
  latest: '/api/posts/latest',
  one: (postId: string) => `/api/posts/${encodeURIComponent(postId)}`,
} as const;

/** Post ids are 8 lower-case hex characters; `new` opens the editor for a new post. */
export const NEW_POST_ID = 'new';
export const isPostId = (value: string | undefined): value is string => !!value && /^[0-9a-f]{8}$/.test(value);
