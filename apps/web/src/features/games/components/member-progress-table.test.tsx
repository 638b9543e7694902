// @vitest-environment jsdom
import type { ScoreboardItem } from '@flagpole/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { MemberProgressTable } from './member-progress-table';

/* The team detail's per-player progress: one row per member who solved something, best first. */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
});

const team: ScoreboardItem = {
  id: 7,
  name: 'Owls',
  bio: null,
  divisionId: null,
  avatar: null,
  score: 1550,
  rank: 1,
  divisionRank: null,
  lastSubmissionTime: 3000,
  solvedCount: 3,
  solvedChallenges: [
    { id: 1, score: 500, type: 'Normal', userName: 'ann', time: 1000 },
    { id: 2, score: 1050, type: 'FirstBlood', userName: 'ben', time: 2000 },
    { id: 3, score: 0, type: 'Normal', userName: 'ann', time: 3000 },
  ],
};

function rows(item: ScoreboardItem): string[][] {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemberProgressTable team={item} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const doc = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
  return [...doc.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );
}

describe('MemberProgressTable', () => {
  it('lists each member with their solves and points, most points first', () => {
    expect(rows(team)).toEqual([
      ['ben', '1', '1050'],
      ['ann', '2', '500'],
    ]);
  });

  it('shows nothing for a team without solves', () => {
    expect(rows({ ...team, solvedChallenges: [], solvedCount: 0, score: 0 })).toEqual([]);
  });
});
