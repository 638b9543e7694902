// @vitest-environment jsdom
import type { TopTimeLine } from '@flagpole/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';

/*
 * The score chart is drawn on a canvas a screen reader cannot read: rendered to HTML (no browser, no drawing), it
 * must be an image with a name and carry a text alternative of the lines it draws.
 */
const i18n = i18next.createInstance();
let ScoreChart: typeof import('./score-chart').ScoreChart;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
  // uPlot reads the screen's pixel ratio when it loads.
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  ({ ScoreChart } = await import('./score-chart'));
});

const start = Date.UTC(2026, 5, 1);
const line = (id: number, name: string, scores: number[]): TopTimeLine => ({
  id,
  name,
  items: scores.map((score, index) => ({ time: start + (index + 1) * 60_000, score })),
});

describe('ScoreChart', () => {
  it('is a named image followed by a list of its lines: each team with its score', () => {
    const teams = [line(1, 'Owls', [100, 350]), line(2, 'Hawks', [200]), line(3, 'Larks', [])];
    const markup = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <ScoreChart teams={teams} start={start} end={start + 3_600_000} now={start + 600_000} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const doc = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
    const image = doc.querySelector('[role="img"]');
    expect(image?.getAttribute('aria-label')).toBe('Score over time of the top 3 teams');
    const list = doc.querySelector('ul.visually-hidden');
    expect(list?.getAttribute('aria-label')).toBe(image?.getAttribute('aria-label'));
    expect([...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'Owls: 350 points',
      'Hawks: 200 points',
      'Larks: 0 points',
    ]);
    // The legend's buttons name their team by the text they show; their colour swatches say nothing.
    expect([...doc.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Owls', 'Hawks', 'Larks']);
  });
});
