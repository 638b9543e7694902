import type { ChallengeItem } from '@flagpole/contract';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import ja from '../../../locales/ja-JP.json';
import { solveLabeler } from './solve-label';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en }, 'ja-JP': { translation: ja } },
    interpolation: { escapeValue: false },
  });
});

const solve = (type: ChallengeItem['type'], score: number): ChallengeItem => ({
  id: 1,
  score,
  type,
  userName: 'a',
  time: Date.UTC(2026, 5, 1, 14, 30),
});

/** The label as the matrix wrote it before: one `t` call per cell. */
function direct(lng: string, title: string, item: ChallengeItem): string {
  const t = i18n.getFixedT(lng);
  return t(`scoreboard.table.solve.${item.type}`, {
    challenge: title,
    points: t('scoreboard.points', { count: item.score }),
    time: dayjs(item.time).format('lll'),
  });
}

describe('solveLabeler', () => {
  it('writes each kind of solve as the translation does, in any language, whatever the title holds', () => {
    for (const lng of ['en-US', 'ja-JP']) {
      const label = solveLabeler(i18n.getFixedT(lng));
      for (const item of [
        solve('FirstBlood', 525),
        solve('SecondBlood', 1),
        solve('ThirdBlood', 2),
        solve('Normal', 500),
        solve('Unaccepted', 0),
      ]) {
        for (const title of ['Warmup', 'Costs $& {{points}} $1', '']) {
          expect(label({ title }, item)).toBe(direct(lng, title, item));
        }
      }
    }
  });

  it('names the points in their plural form and the time of the solve', () => {
    const label = solveLabeler(i18n.getFixedT('en-US'));
    const time = dayjs(Date.UTC(2026, 5, 1, 14, 30)).format('lll');
    expect(label({ title: 'Warmup' }, solve('Normal', 1))).toContain(`1 point `);
    expect(label({ title: 'Warmup' }, solve('Normal', 2))).toContain(`2 points `);
    expect(label({ title: 'Warmup' }, solve('FirstBlood', 907))).toMatch(
      new RegExp(`^Warmup: first blood, 907 .*, ${time}$`),
    );
  });
});
