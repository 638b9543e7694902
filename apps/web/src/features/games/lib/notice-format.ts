import type { GameNotice, NoticeType } from '@flagpole/contract';

export type NoticeTextKey =
  | 'challenges.notices.text.FirstBlood'
  | 'challenges.notices.text.SecondBlood'
  | 'challenges.notices.text.ThirdBlood'
  | 'challenges.notices.text.NewChallenge'
  | 'challenges.notices.text.NewHint';

export type NoticeTitleKey = `challenges.notices.title.${NoticeType}`;

export type NoticeTranslate = (key: NoticeTextKey, values: { team?: string; challenge: string }) => string;

/** The kinds a player can filter the feed by. */
export type NoticeGroup = 'announcements' | 'bloods' | 'challenges';

export function noticeGroup(type: NoticeType): NoticeGroup {
  switch (type) {
    case 'Normal':
      return 'announcements';
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return 'bloods';
    case 'NewChallenge':
    case 'NewHint':
      return 'challenges';
  }
}

/**
 * The sentence shown for a notice. `values` by type: Normal [text] (markdown written by the organisers);
 * bloods [team, challenge]; NewChallenge/NewHint [challenge]. Missing values become empty strings.
 */
export function noticeText(notice: Pick<GameNotice, 'type' | 'values'>, translate: NoticeTranslate): string {
  const [first = '', second = ''] = notice.values;
  switch (notice.type) {
    case 'Normal':
      return first;
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return translate(`challenges.notices.text.${notice.type}`, { team: first, challenge: second });
    case 'NewChallenge':
    case 'NewHint':
      return translate(`challenges.notices.text.${notice.type}`, { challenge: first });
  }
}

export function noticeTitleKey(type: NoticeType): NoticeTitleKey {
  return `challenges.notices.title.${type}`;
}

/**
 * The feed order: announcements first (they are what organisers need read), each part newest first.
 * Duplicate ids (a live push of a notice the list already has) are dropped.
 */
export function orderNotices(notices: readonly GameNotice[]): GameNotice[] {
  const seen = new Set<number>();
  const unique = notices.filter((notice) => {
    if (seen.has(notice.id)) return false;
    seen.add(notice.id);
    return true;
  });
  return unique.sort((a, b) => {
    const pinned = Number(b.type === 'Normal') - Number(a.type === 'Normal');
    return pinned !== 0 ? pinned : b.time - a.time;
  });
}

/** Adds a pushed notice in front (replacing one with the same id). */
export function prependNotice(list: readonly GameNotice[] | undefined, notice: GameNotice): GameNotice[] {
  return [notice, ...(list ?? []).filter((item) => item.id !== notice.id)];
}
