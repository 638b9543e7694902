// @vitest-environment jsdom
import type { ChallengeInfo, ScoreboardItem } from '@flagpole/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { ROW_HEIGHT } from '../lib/scoreboard-layout';
import { challengeColumns } from '../lib/scoreboard-table';
import { ScoreboardGrid, type ScoreboardGridProps } from './scoreboard-grid';

/*
 * The scrolling box in a DOM without layout (jsdom): the box is given a height, so the virtual list shows a window
 * of rows, and a scroll is a new scrollTop and its event. What is checked is which elements the rows are.
 */
const i18n = i18next.createInstance();
const BOX_HEIGHT = 400;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom lays nothing out: the scrolling box gets a height, and sizes are not observed.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'scoreboard-scroller' ? BOX_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'scoreboard-scroller' ? 800 : 0;
    },
  });
  // jsdom does not scroll: scrollTo sets the position alone.
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
  } as typeof Element.prototype.scrollTo;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom has no canvas: each row's canvas records the marks drawn since it was last cleared (middle x, colour).
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
    const canvas = this;
    const context = {
      fillStyle: '',
      x: 0,
      setTransform() {},
      clearRect() {
        drawnMarks.set(canvas, []);
      },
      save() {},
      restore() {},
      rotate() {},
      beginPath() {},
      translate(x: number) {
        context.x = x;
        drawnMarks.set(canvas, [...(drawnMarks.get(canvas) ?? []), `${context.x}:${context.fillStyle}`]);
      },
      fillRect() {},
      roundRect() {},
      fill() {},
    };
    return context;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
});

const drawnMarks = new Map<HTMLCanvasElement, string[]>();

const challenge = (id: number): ChallengeInfo => ({
  id,
  title: `Challenge ${id}`,
  category: 'Web',
  score: 500,
  solved: 2,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});
const columns = challengeColumns({ Web: [1, 2, 3].map(challenge) });
const challenges = columns.flatMap((group) => group.challenges);

/** 500 teams; team n solved challenge 1 (n even) or 2 (n odd), so neighbouring rows differ in their matrix. */
const teams: ScoreboardItem[] = Array.from({ length: 500 }, (_, i) => ({
  id: 1000 + i,
  name: `Team ${i + 1}`,
  bio: null,
  divisionId: null,
  avatar: null,
  score: 5000 - i,
  rank: i + 1,
  divisionRank: null,
  lastSubmissionTime: 0,
  solvedChallenges: [{ id: 1 + (i % 2), score: 500, type: 'Normal', userName: 'a', time: Date.UTC(2026, 5, 1) }],
  solvedCount: 1,
}));

const props: ScoreboardGridProps = {
  rows: teams,
  columns,
  challenges,
  myTeamId: null,
  compact: false,
  onOpen: () => undefined,
  view: 'all',
  divisionNames: new Map(),
  filter: '',
  showTarget: null,
  onShown: () => undefined,
  emptyText: '',
};

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function render(overrides: Partial<ScoreboardGridProps> = {}) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <ScoreboardGrid {...props} {...overrides} />
        </MantineProvider>
      </I18nextProvider>,
    ),
  );
}

const rowElements = () => [...container.querySelectorAll<HTMLElement>('[role="row"][data-team-id]')];
const scroller = () => container.querySelector<HTMLElement>('[data-testid="scoreboard-scroller"]') as HTMLElement;

function scrollToRow(index: number) {
  act(() => {
    scroller().scrollTop = index * ROW_HEIGHT;
    scroller().dispatchEvent(new Event('scroll'));
  });
}

describe('ScoreboardGrid', () => {
  it('is one table named by the board’s heading: a head of column headers, rows headed by their team', () => {
    render();
    const table = container.querySelector('[role="table"]');
    expect(table?.getAttribute('aria-labelledby')).toBe('scoreboard-heading');
    // Only a window of rows is in the page: the counts say how large the whole board is (two header rows).
    expect(table?.getAttribute('aria-rowcount')).toBe(String(teams.length + 2));
    expect(table?.getAttribute('aria-colcount')).toBe('7');
    const groups = [...(table?.querySelectorAll(':scope > [role="rowgroup"]') ?? [])];
    expect(groups).toHaveLength(2);
    const headers = [...(groups[0]?.querySelectorAll('[role="row"] > [role="columnheader"]') ?? [])];
    expect(headers.map((header) => header.textContent)).toEqual([
      'Rank',
      'Team',
      'Score',
      'Solved',
      'Web',
      'Challenge 1',
      'Challenge 2',
      'Challenge 3',
    ]);
    const first = rowElements()[0];
    expect(first?.getAttribute('aria-rowindex')).toBe('3');
    // The row's header is named by the team alone (the avatar's initials are hidden from assistive technology).
    const header = [...(first?.querySelectorAll('[role="rowheader"]') ?? [])];
    expect(header.map((cell) => cell.getAttribute('aria-label'))).toEqual(['Team 1']);
    expect(header[0]?.querySelector('span[aria-hidden="true"]')?.textContent).toBe('T1');
    expect(first?.querySelectorAll('[role="cell"]')).toHaveLength(6);
  });

  it('shows the rows a scroll brings in with the elements of the rows it took out', () => {
    render();
    // Every slot of the pool has been used once (a row or two more than a window, for a box of any height).
    scrollToRow(100);
    scrollToRow(140);
    scrollToRow(100);
    const before = rowElements();
    const cellsBefore = [...container.querySelectorAll('[role="cell"]')];
    expect(before[0]?.getAttribute('aria-rowindex')).toBe(String(90 + 1 + 2));
    scrollToRow(115);
    const after = rowElements();
    // Fifteen rows further down: other teams, in the same elements, their cells too.
    expect(after[0]?.getAttribute('aria-rowindex')).toBe(String(105 + 1 + 2));
    expect(after).toHaveLength(before.length);
    expect(after.filter((row) => !before.includes(row))).toEqual([]);
    const cellsAfter = [...container.querySelectorAll('[role="cell"]')];
    expect(cellsAfter).toHaveLength(cellsBefore.length);
    expect(cellsAfter.filter((cell) => !cellsBefore.includes(cell))).toEqual([]);
    // Each row shows its own team, in board order.
    for (const [offset, row] of after.entries()) {
      const team = teams[105 + offset];
      expect(row.dataset.teamId).toBe(String(team?.id));
      expect(row.querySelector('button')?.textContent).toBe(team?.name);
      const solved = row.querySelector('[data-solve]');
      expect(solved?.getAttribute('aria-colindex')).toBe(String(4 + 1 + ((105 + offset) % 2)));
      expect(solved?.getAttribute('aria-label')).toMatch(/^Challenge \d: solved, 500 points/);
    }
    // In the page, rows follow the board's order too (the order keyboard and screen readers go through), after a
    // scroll down or up.
    expect(after.map((row) => Number(row.getAttribute('aria-rowindex')))).toEqual(
      after.map((_, offset) => 105 + offset + 3),
    );
    scrollToRow(95);
    const up = rowElements();
    expect(up.filter((row) => !before.includes(row))).toEqual([]);
    expect(up.map((row) => Number(row.getAttribute('aria-rowindex')))).toEqual(up.map((_, offset) => 85 + offset + 3));
  });

  it('draws each row’s solve marks on its one canvas, again when the pooled row takes another team', () => {
    render();
    scrollToRow(100);
    const canvases = () => rowElements().map((row) => row.querySelector('canvas'));
    const before = canvases();
    scrollToRow(115);
    expect(canvases().filter((canvas) => !before.includes(canvas))).toEqual([]);
    for (const [offset, row] of rowElements().entries()) {
      const canvas = row.querySelector('canvas');
      expect(canvas?.getAttribute('aria-hidden')).toBe('true');
      // One check in the middle of the team's solved column (1 or 2), nothing else.
      const column = (115 + offset) % 2;
      expect(canvas && drawnMarks.get(canvas)?.map((mark) => Number(mark.split(':')[0]))).toEqual([16 + column * 32]);
    }
  });

  it('keeps a pooled row it does not need at a row’s edge, hidden and with no team, instead of dropping it', () => {
    render();
    const body = () => [...(container.querySelectorAll('[role="rowgroup"]')[1]?.children ?? [])];
    // Half-way into a row, the window holds one row more than at a row's edge.
    scrollToRow(100.5);
    scrollToRow(140.5);
    const pool = body();
    expect(rowElements()).toHaveLength(pool.length);
    scrollToRow(120);
    expect(body()).toHaveLength(pool.length);
    expect(body().filter((row) => !pool.includes(row))).toEqual([]);
    const parked = pool.filter((row) => row.hasAttribute('hidden'));
    expect(parked).toHaveLength(1);
    expect(parked[0]?.getAttribute('data-team-id')).toBeNull();
    expect(parked[0]?.getAttribute('aria-rowindex')).toBeNull();
    expect(rowElements()).toHaveLength(pool.length - 1);
  });

  it('lets go of the focus when the focused team’s row takes another team', () => {
    render();
    scrollToRow(100);
    const button = container.querySelector<HTMLElement>(`[data-team-id="${teams[100]?.id}"] button`);
    button?.focus();
    expect(document.activeElement).toBe(button);
    scrollToRow(130);
    expect(container.querySelector(`[data-team-id="${teams[100]?.id}"]`)).toBeNull();
    expect(document.activeElement).not.toBe(button);
  });
});
