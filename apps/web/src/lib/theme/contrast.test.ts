import { generateColors } from '@mantine/colors-generator';
import type { MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  checkThemeColor,
  contrastRatio,
  darkenToContrast,
  readableShade,
  TEXT_CONTRAST,
  UI_CONTRAST,
} from './contrast';
import { checkSchemeColor } from './theme-color-check';

const LIGHT = '#f8f9fc';
const DARK = '#111319';

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#5c7cfa', '#5c7cfa')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#767676'), 5);
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('readableShade', () => {
  const palette = generateColors('#5c7cfa') as unknown as MantineColorsTuple;

  it('takes the first shade in the order given that reaches 4.5:1 on every background', () => {
    const shade = readableShade(palette, [4, 3, 2, 1, 0], [DARK, '#2e313b']);
    expect(contrastRatio(shade, DARK)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#2e313b')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Shade 4 (the old dark-scheme link colour) falls short on a card: a lighter one is taken.
    expect(shade).not.toBe(palette[4]);
  });

  it('keeps a light scheme link dark enough for a pale organiser colour', () => {
    const pale = generateColors('#ffe066') as unknown as MantineColorsTuple;
    const shade = readableShade(pale, [6, 7, 8, 9], ['#ffffff', LIGHT]);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('darkenToContrast', () => {
  it('darkens yellow text until it reads on a pale yellow badge', () => {
    const text = darkenToContrast('#e67700', ['#fff3bf', '#ffffff']);
    expect(contrastRatio(text, '#fff3bf')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(darkenToContrast('#000000', ['#ffffff'])).toBe('#000000');
  });
});

describe('checkThemeColor', () => {
  it('accepts a mid colour that stands out on both page backgrounds', () => {
    const check = checkThemeColor('#5c7cfa', LIGHT, DARK);
    expect(check.readable).toBe(true);
    expect(check.adjusted).toBe('#5c7cfa');
  });

  it.each([
    ['pale yellow, lost on white', '#fff59d'],
    ['navy, lost on near-black', '#0b1533'],
    ['white', '#ffffff'],
    ['black', '#000000'],
  ])('moves %s to a colour with 3:1 on both', (_, color) => {
    const check = checkThemeColor(color, LIGHT, DARK);
    expect(check.readable).toBe(false);
    expect(contrastRatio(check.adjusted, LIGHT)).toBeGreaterThanOrEqual(UI_CONTRAST);
    expect(contrastRatio(check.adjusted, DARK)).toBeGreaterThanOrEqual(UI_CONTRAST);
  });

  it('checks against the product page backgrounds', () => {
    expect(checkSchemeColor('#fff59d').readable).toBe(false);
    expect(checkSchemeColor('#228be6').readable).toBe(true);
  });
});
