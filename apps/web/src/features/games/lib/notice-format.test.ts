import type { GameNotice } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import {
  type NoticeTranslate,
  noticeGroup,
  noticeText,
  noticeTitleKey,
  orderNotices,
  prependNotice,
} from './notice-format';

const translate: NoticeTranslate = (key, values) => `${key}|${JSON.stringify(values)}`;

const notice = (id: number, type: GameNotice['type'], values: string[], time = id * 1000): GameNotice => ({
  id,
  type,
  values,
  time,
});

describe('noticeText', () => {
  it('shows a normal notice as its text', () => {
    expect(noticeText(notice(1, 'Normal', ['Hint: look **closer**']), translate)).toBe('Hint: look **closer**');
  });

  it('names team then challenge for each blood', () => {
    expect(noticeText(notice(1, 'FirstBlood', ['Team A', 'Baby RSA']), translate)).toBe(
      'challenges.notices.text.FirstBlood|{"team":"Team A","challenge":"Baby RSA"}',
    );
    expect(noticeText(notice(1, 'SecondBlood', ['B', 'X']), translate)).toContain('SecondBlood|{"team":"B"');
    expect(noticeText(notice(1, 'ThirdBlood', ['C', 'Y']), translate)).toContain('"challenge":"Y"');
  });

  it('names the challenge of new challenges and hints', () => {
    expect(noticeText(notice(1, 'NewChallenge', ['Web 1']), translate)).toBe(
      'challenges.notices.text.NewChallenge|{"challenge":"Web 1"}',
    );
    expect(noticeText(notice(1, 'NewHint', ['Web 1']), translate)).toBe(
      'challenges.notices.text.NewHint|{"challenge":"Web 1"}',
    );
  });

  it('tolerates missing values', () => {
    expect(noticeText(notice(1, 'FirstBlood', []), translate)).toContain('{"team":"","challenge":""}');
    expect(noticeText(notice(1, 'Normal', []), translate)).toBe('');
  });
});

describe('notice helpers', () => {
  it('groups types and names title keys', () => {
    expect(noticeGroup('Normal')).toBe('announcements');
    expect(noticeGroup('ThirdBlood')).toBe('bloods');
    expect(noticeGroup('NewHint')).toBe('challenges');
    expect(noticeTitleKey('FirstBlood')).toBe('challenges.notices.title.FirstBlood');
  });

  it('orders announcements first, newest first, without duplicates', () => {
    const list = [
      notice(1, 'Normal', ['old']),
      notice(2, 'FirstBlood', ['a', 'b']),
      notice(3, 'NewHint', ['c']),
      notice(4, 'Normal', ['new']),
      notice(3, 'NewHint', ['c']),
    ];
    expect(orderNotices(list).map((n) => n.id)).toEqual([4, 1, 3, 2]);
  });

  it('prepends a pushed notice once', () => {
    const list = [notice(1, 'Normal', ['x'])];
    expect(prependNotice(list, notice(2, 'NewChallenge', ['y'])).map((n) => n.id)).toEqual([2, 1]);
    expect(prependNotice(list, notice(1, 'Normal', ['edited']))).toEqual([notice(1, 'Normal', ['edited'])]);
    expect(prependNotice(undefined, notice(5, 'Normal', ['z'])).map((n) => n.id)).toEqual([5]);
  });
});
