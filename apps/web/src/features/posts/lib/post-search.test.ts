import type { PostInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { searchPosts } from './post-search';

const post = (id: string, title: string, summary = '', tags: string[] | null = null): PostInfoModel => ({
  id,
  title,
  summary,
  isPinned: false,
  tags,
  authorAvatar: null,
  authorName: null,
  time: 0,
});

describe('searchPosts', () => {
  const posts = [
    post('a', 'Finals schedule'),
    post('b', 'Prizes', 'For the finalists'),
    post('c', 'Café', '', ['Rules']),
  ];

  it('keeps every post, in order, for a blank search', () => {
    expect(searchPosts(posts, '  ')).toBe(posts);
  });

  it('matches title, summary and tags, ignoring case and accents, keeping the order', () => {
    expect(searchPosts(posts, 'FINAL').map((p) => p.id)).toEqual(['a', 'b']);
    expect(searchPosts(posts, 'cafe').map((p) => p.id)).toEqual(['c']);
    expect(searchPosts(posts, 'rules').map((p) => p.id)).toEqual(['c']);
    expect(searchPosts(posts, 'nothing')).toEqual([]);
  });
});
