import { postLimits } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { cleanTags, emptyPost, postFormProblems, toPostText } from './post-form';

describe('post form', () => {
  it('requires a title within the limit', () => {
    expect(postFormProblems({ ...emptyPost, title: '   ' })).toEqual([{ field: 'title', problem: 'required' }]);
    expect(postFormProblems({ ...emptyPost, title: 'x'.repeat(postLimits.title.max + 1) })).toEqual([
      { field: 'title', problem: 'tooLong' },
    ]);
    expect(postFormProblems({ ...emptyPost, title: 'x'.repeat(postLimits.title.max) })).toEqual([]);
  });

  it('limits the summary, the content and the tags', () => {
    const problems = postFormProblems({
      ...emptyPost,
      title: 'News',
      summary: 'x'.repeat(postLimits.summary.max + 1),
      content: 'x'.repeat(postLimits.content.max + 1),
      tags: ['y'.repeat(postLimits.tag.max + 1)],
    });
    expect(problems).toEqual([
      { field: 'summary', problem: 'tooLong' },
      { field: 'content', problem: 'tooLong' },
      { field: 'tags', problem: 'tagTooLong' },
    ]);
    const many = Array.from({ length: postLimits.tags + 1 }, (_, i) => `t${i}`);
    expect(postFormProblems({ ...emptyPost, title: 'News', tags: many })).toEqual([
      { field: 'tags', problem: 'tooMany' },
    ]);
  });

  it('saves trimmed, distinct tags and a trimmed title, without the pin', () => {
    expect(cleanTags([' web ', 'Web', '', 'crypto'])).toEqual(['web', 'crypto']);
    expect(toPostText({ title: ' Hello ', summary: 's', content: 'c', tags: ['a', 'a '], isPinned: true })).toEqual({
      title: 'Hello',
      summary: 's',
      content: 'c',
      tags: ['a'],
    });
  });
});
