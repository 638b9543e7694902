// @vitest-environment jsdom
import type { ChallengeInfo, ScoreboardItem } from '@flagpole/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { challengeColumns } from '../lib/scoreboard-table';
import { ScoreboardHead } from './scoreboard-head';
import { ScoreboardRow, type ScoreboardRowProps } from './scoreboard-row';

/*
 * The board's head and rows rendered to HTML (no browser): the table roles and indices assistive technology
 * reads, which challenge columns a row draws, and the category header that is too narrow for its name.
 * How they scroll is checked in the browser (e2e/tests/big-scoreboard.test.ts) and measured in
 * bench/scenarios/scoreboard-page.ts.
 */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
});

function html(element: ReactElement): Document {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{element}</MantineProvider>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
}

/** A row's cells in order: the team's cell is the row's header. */
const CELLS = '[role="cell"], [role="rowheader"]';

const challenge = (id: number, category: ChallengeInfo['category']): ChallengeInfo => ({
  id,
  title: `Challenge ${id}`,
  category,
  score: 500,
  solved: 2,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});

/** Six Web challenges and one AI challenge (a category of one column). */
const columns = challengeColumns({
  Web: [1, 2, 3, 4, 5, 6].map((id) => challenge(id, 'Web')),
  AI: [challenge(7, 'AI')],
});
const challenges = columns.flatMap((group) => group.challenges);

const team: ScoreboardItem = {
  id: 42,
  name: 'Owls',
  bio: null,
  divisionId: null,
  avatar: null,
  score: 550,
  rank: 3,
  divisionRank: null,
  lastSubmissionTime: Date.UTC(2026, 5, 1),
  solvedChallenges: [
    { id: 2, score: 525, type: 'FirstBlood', userName: 'a', time: Date.UTC(2026, 5, 1) },
    { id: 6, score: 25, type: 'Normal', userName: 'b', time: Date.UTC(2026, 5, 1) },
  ],
  solvedCount: 2,
};

const rowProps: ScoreboardRowProps = {
  item: team,
  challenges,
  from: 1,
  to: 4,
  compact: false,
  mine: false,
  onOpen: () => undefined,
  view: 'all',
  division: null,
  ariaRowIndex: 5,
  top: 120,
  height: 40,
  width: '500px',
  flash: false,
  markColors: null,
};

describe('ScoreboardHead', () => {
  const head = () =>
    html(
      <ScoreboardHead
        headRef={{ current: null }}
        columns={columns}
        compact={false}
        headerRows={2}
        divisionView="all"
        width="500px"
      />,
    );

  it('is a row group of two header rows: the four fixed columns, the categories, then one column per challenge', () => {
    const doc = head();
    const rows = doc.querySelectorAll('[role="rowgroup"] > [role="row"]');
    expect([...rows].map((row) => row.getAttribute('aria-rowindex'))).toEqual(['1', '2']);
    const first = [...(rows[0]?.querySelectorAll('[role="columnheader"]') ?? [])];
    expect(first.map((cell) => cell.getAttribute('aria-colindex'))).toEqual(['1', '2', '3', '4', '5', '11']);
    expect(first.map((cell) => cell.getAttribute('aria-colspan'))).toEqual([null, null, null, null, '6', '1']);
    const second = [...(rows[1]?.querySelectorAll('[role="columnheader"]') ?? [])];
    expect(second.map((cell) => cell.getAttribute('aria-colindex'))).toEqual(['5', '6', '7', '8', '9', '10', '11']);
  });

  it('names a category too narrow for its name by label and tooltip, with its icon alone', () => {
    const [web, ai] = [...head().querySelectorAll('[aria-colspan]')];
    expect(web?.textContent).toBe('Web');
    expect(web?.getAttribute('aria-label')).toBeNull();
    expect(ai?.textContent).toBe('');
    expect(ai?.getAttribute('aria-label')).toBe(en.challenges.categories.AI.name);
    expect(ai?.getAttribute('title')).toBe(en.challenges.categories.AI.name);
  });

  it('on a phone has one header row of the four fixed columns', () => {
    const doc = html(
      <ScoreboardHead
        headRef={{ current: null }}
        columns={columns}
        compact
        headerRows={1}
        divisionView={3}
        width="100%"
      />,
    );
    expect(doc.querySelectorAll('[role="row"]')).toHaveLength(1);
    const headers = [...doc.querySelectorAll('[role="columnheader"]')];
    expect(headers).toHaveLength(4);
    expect(headers[0]?.getAttribute('aria-label')).toBe(en.scoreboard.table.divisionRank);
  });
});

describe('ScoreboardRow', () => {
  it('is a placed box of fixed size with the team’s place, name, score and solved count', () => {
    const row = html(<ScoreboardRow {...rowProps} />).querySelector<HTMLElement>('[role="row"]');
    expect(row?.getAttribute('aria-rowindex')).toBe('5');
    expect(row?.getAttribute('data-team-id')).toBe('42');
    expect(row?.style.transform).toBe('translateY(120px)');
    expect(row?.style.height).toBe('40px');
    const cells = [...(row?.querySelectorAll(CELLS) ?? [])];
    // The team cell: the avatar's initials, then the name.
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual(['3', 'OWOwls', '550', '2']);
    expect(row?.querySelectorAll('[role="rowheader"] > *')).toHaveLength(2);
    expect(row?.querySelector('button')?.getAttribute('aria-label')).toBe(
      i18n.t('scoreboard.team.open', { team: 'Owls' }),
    );
  });

  it('draws only the challenge columns from `from` to `to`, each with its column index, solves labelled', () => {
    const cells = [...html(<ScoreboardRow {...rowProps} />).querySelectorAll(CELLS)].slice(4);
    expect(cells.map((cell) => cell.getAttribute('aria-colindex'))).toEqual(['6', '7', '8']);
    expect(cells[0]?.getAttribute('aria-label')).toMatch(/^Challenge 2: first blood, 525 points/);
    expect(cells[1]?.getAttribute('aria-label')).toBeNull();
    // One element per cell, which names the solve's kind; the row's canvas draws the marks.
    expect(cells[0]?.getAttribute('data-solve')).toBe('FirstBlood');
    expect(cells[1]?.hasAttribute('data-solve')).toBe(false);
    expect(cells.map((cell) => cell.children.length)).toEqual([0, 0, 0]);
  });

  it('draws its marks on one canvas over the drawn challenge columns, hidden from assistive technology', () => {
    const canvases = html(<ScoreboardRow {...rowProps} />).querySelectorAll<HTMLElement>('[role="row"] > canvas');
    expect(canvases).toHaveLength(1);
    const canvas = canvases[0];
    expect(canvas?.getAttribute('aria-hidden')).toBe('true');
    // After the fixed columns (60 + 180 + 72 + 64 px) and the one column scrolled out of sight, three columns wide.
    expect([canvas?.style.left, canvas?.style.width, canvas?.style.height]).toEqual(['408px', '96px', '39px']);
  });

  it('on a phone has the four fixed cells only; the caller’s row is marked current', () => {
    const row = html(<ScoreboardRow {...rowProps} compact mine />).querySelector('[role="row"]');
    expect(row?.querySelectorAll(CELLS)).toHaveLength(4);
    expect(row?.querySelector('canvas')).toBeNull();
    expect(row?.getAttribute('aria-current')).toBe('true');
    expect(row?.querySelector('img, .mantine-Avatar-root')).toBeNull();
    expect(row?.querySelectorAll('[role="rowheader"] > *')).toHaveLength(1);
  });

  it('is a row of cells headed by the team: assistive technology names the team in any column', () => {
    const row = html(<ScoreboardRow {...rowProps} />).querySelector('[role="row"]');
    const cells = [...(row?.children ?? [])].filter((cell) => cell.matches(CELLS));
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual([
      'cell',
      'rowheader',
      'cell',
      'cell',
      'cell',
      'cell',
      'cell',
    ]);
    expect(row?.querySelector('[role="rowheader"] button')?.textContent).toBe('Owls');
  });

  it('names every kind of mark in its label: the three blood medals, a plain solve and one without points', () => {
    const time = Date.UTC(2026, 5, 1);
    const kinds = ['FirstBlood', 'SecondBlood', 'ThirdBlood', 'Normal', 'Unaccepted'] as const;
    const solvedChallenges = kinds.map((type, index) => ({ id: index + 1, score: 100, type, userName: 'a', time }));
    const doc = html(<ScoreboardRow {...rowProps} item={{ ...team, solvedChallenges }} from={0} to={5} />);
    const expected = [
      'Challenge 1: first blood, 100 points, ',
      'Challenge 2: second blood, 100 points, ',
      'Challenge 3: third blood, 100 points, ',
      'Challenge 4: solved, 100 points, ',
      'Challenge 5: solved without points, ',
    ];
    const labels = [...doc.querySelectorAll('[data-solve]')].map((cell) => cell.getAttribute('aria-label'));
    // Each label goes on with the time of the solve.
    expect(labels.map((label, index) => label?.slice(0, expected[index]?.length))).toEqual(expected);
    // The label is the cell's name and its tooltip: the canvas mark itself is hidden.
    for (const cell of doc.querySelectorAll('[data-solve]'))
      expect(cell.getAttribute('title')).toBe(cell.getAttribute('aria-label'));
  });
});
