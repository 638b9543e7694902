import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from './contrast';
import { createAppTheme, cssVariablesResolver, DARK_BACKGROUNDS, LIGHT_BACKGROUNDS } from './create-theme';

function schemeVariables(primaryColor: string | null) {
  const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(primaryColor));
  return cssVariablesResolver(theme);
}

function readsOn(color: string | undefined, backgrounds: readonly string[]): boolean {
  return !!color && backgrounds.every((background) => contrastRatio(color, background) >= TEXT_CONTRAST);
}

describe('scheme colours (issue 32)', () => {
  it.each([null, '#ffe066', '#0b1533'])('links read on every background of both schemes, primary %s', (primary) => {
    const { light, dark } = schemeVariables(primary);
    expect(readsOn(light['--mantine-color-anchor'], LIGHT_BACKGROUNDS)).toBe(true);
    expect(readsOn(dark['--mantine-color-anchor'], DARK_BACKGROUNDS)).toBe(true);
  });

  it.each(['teal', 'yellow', 'lime', 'green', 'orange', 'red', 'gray'])('%s text reads in both schemes', (color) => {
    const { light, dark } = schemeVariables(null);
    expect(readsOn(light[`--mantine-color-${color}-text`], LIGHT_BACKGROUNDS)).toBe(true);
    expect(readsOn(dark[`--mantine-color-${color}-text`], DARK_BACKGROUNDS)).toBe(true);
    // The light variant's text on its own pale background (a badge).
    const pale = DEFAULT_THEME.colors[color]?.[1] ?? '#ffffff';
    expect(readsOn(light[`--mantine-color-${color}-light-color`], [pale])).toBe(true);
  });
});
