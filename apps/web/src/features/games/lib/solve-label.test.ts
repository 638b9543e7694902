import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChallengeItem } from '@flagpole/contract';
import { SUPPORTED_LANGUAGES } from '@flagpole/contract';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveLabeler } from './solve-label';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
const translation = (lng: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(localesDir, `${lng}.json`), 'utf8'));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    resources: Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, { translation: translation(lng) }])),
    interpolation: { escapeValue: false },
  });
});

const SOLVE_TYPES = ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Normal', 'Unaccepted'] as const;

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
    for (const lng of SUPPORTED_LANGUAGES) {
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
    expect(label({ title: 'Warmup' }, solve('Normal', 1))).toBe(`Warmup: solved, 1 point, ${time}`);
    expect(label({ title: 'Warmup' }, solve('Normal', 2))).toBe(`Warmup: solved, 2 points, ${time}`);
    expect(label({ title: 'Warmup' }, solve('FirstBlood', 907))).toBe(`Warmup: first blood, 907 points, ${time}`);
  });

  it.each(SUPPORTED_LANGUAGES.map((lng) => [lng]))(
    'names the unit of the points once, in its plural form, in %s',
    (lng) => {
      const label = solveLabeler(i18n.getFixedT(lng));
      const t = i18n.getFixedT(lng);
      for (const type of SOLVE_TYPES.filter((kind) => kind !== 'Unaccepted')) {
        for (const score of [1, 2, 3, 5, 11, 21, 22, 25, 101, 525]) {
          const text = label({ title: 'Warmup' }, solve(type, score));
          const points = t('scoreboard.points', { count: score });
          expect(text).toContain(points);
          // What follows the points phrase is the separator before the time, not a second unit ("525 points points").
          const after = text.slice(text.indexOf(points) + points.length);
          expect(after, text).toMatch(/^\s*\p{P}/u);
        }
      }
    },
  );
});
