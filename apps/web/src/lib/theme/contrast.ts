import type { MantineColorsTuple } from '@mantine/core';
import chroma from 'chroma-js';

/** WCAG 2.1 minimum contrast of body text (1.4.3) and of UI components and graphics (1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return chroma.contrast(a, b);
}

/** The lowest contrast of `color` against any of the backgrounds. */
function worstContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

/**
 * The first shade of the palette, tried in the given order of indexes, that reaches `minimum` against every
 * background; when none does (a very pale organiser colour in the light scheme), the last shade tried, darkened or
 * lightened (towards where the order goes) until it does. Link text takes its colour this way, so an organiser's
 * theme colour never makes links unreadable.
 */
export function readableShade(
  palette: MantineColorsTuple,
  order: readonly number[],
  backgrounds: readonly string[],
  minimum = TEXT_CONTRAST,
): string {
  for (const index of order) {
    const shade = palette[index] ?? palette[0];
    if (worstContrast(shade, backgrounds) >= minimum) return shade;
  }
  const first = order[0] ?? 0;
  const last = order[order.length - 1] ?? 0;
  const lastShade = palette[last] ?? palette[0];
  return last >= first
    ? shiftToContrast(lastShade, backgrounds, minimum, 'darker')
    : shiftToContrast(lastShade, backgrounds, minimum, 'lighter');
}

/** `color` darkened or lightened step by step until it reaches `minimum` against every background. */
function shiftToContrast(
  color: string,
  backgrounds: readonly string[],
  minimum: number,
  direction: 'darker' | 'lighter',
): string {
  let candidate = chroma(color);
  for (let i = 0; i < 60 && worstContrast(candidate.hex(), backgrounds) < minimum; i++) {
    candidate = direction === 'darker' ? candidate.darken(0.1) : candidate.brighten(0.1);
  }
  return candidate.hex();
}

export interface ThemeColorCheck {
  /** The picked colour's contrast with the light and the dark page background. */
  onLight: number;
  onDark: number;
  /** Whether the colour itself reaches 3:1 (a button's outline, a focus ring) on both backgrounds. */
  readable: boolean;
  /** The colour to use when it does not: darkened or lightened until it reaches 3:1 on the weaker side. */
  adjusted: string;
}

/**
 * Checks a theme colour an organiser or player picks. A colour that cannot stand out on one of the two schemes
 * (pale yellow on white, navy on near-black) is moved in lightness towards the middle until it does on both, or
 * as far as it gets; the caller shows the adjusted colour and says why.
 */
export function checkThemeColor(color: string, lightBackground: string, darkBackground: string): ThemeColorCheck {
  const onLight = contrastRatio(color, lightBackground);
  const onDark = contrastRatio(color, darkBackground);
  const readable = onLight >= UI_CONTRAST && onDark >= UI_CONTRAST;
  if (readable) return { onLight, onDark, readable, adjusted: color.toLowerCase() };
  const step = onLight < onDark ? (c: chroma.Color) => c.darken(0.1) : (c: chroma.Color) => c.brighten(0.1);
  let candidate = chroma(color);
  let best = candidate;
  const score = (c: chroma.Color) =>
    Math.min(contrastRatio(c.hex(), lightBackground), contrastRatio(c.hex(), darkBackground));
  for (let i = 0; i < 40 && score(candidate) < UI_CONTRAST; i++) {
    candidate = step(candidate);
    if (score(candidate) > score(best)) best = candidate;
  }
  return { onLight, onDark, readable, adjusted: best.hex() };
}

/** `color` darkened step by step until it reaches `minimum` against every background (or black is reached). */
export function darkenToContrast(color: string, backgrounds: readonly string[], minimum = TEXT_CONTRAST): string {
  return shiftToContrast(color, backgrounds, minimum, 'darker');
}
