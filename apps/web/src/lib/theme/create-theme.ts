import { generateColors } from '@mantine/colors-generator';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import chroma from 'chroma-js';
import { darkenToContrast, readableShade } from './contrast';

export const BRAND_BASE = '#5c7cfa';
const ALERT_BASE = '#e5484d';
const GRAY_BASE = '#8a90a2';
const LIGHT_BASE = '#f4f5fa';
const DARK_BASE = '#171a24';

function toTuple(colors: readonly string[]): MantineColorsTuple {
  const [a, b, c, d, e, f, g, h, i, j] = colors;
  if (!a || !b || !c || !d || !e || !f || !g || !h || !i || !j) throw new Error('A palette needs 10 shades');
  return [a, b, c, d, e, f, g, h, i, j];
}

/** Ten shades through `base` at `baseIndex`, from `lightest` to `darkest`, for neutral palettes. */
function neutralPalette(base: string, lightest: string, darkest: string, baseIndex: number): MantineColorsTuple {
  return toTuple(chroma.scale([lightest, base, darkest]).mode('lab').domain([0, baseIndex, 9]).colors(10));
}

export const palettes = {
  brand: toTuple(generateColors(BRAND_BASE)),
  alert: toTuple(generateColors(ALERT_BASE)),
  gray: neutralPalette(GRAY_BASE, '#f8f9fc', '#1d202b', 5),
  light: neutralPalette(LIGHT_BASE, '#ffffff', '#c9cdd9', 2),
  dark: neutralPalette(DARK_BASE, '#d4d7e2', '#07080c', 7),
};

/** Custom breakpoints beyond xl, for very wide screens (grid columns). Written in em like the rest. */
const WIDE_BREAKPOINTS = {
  w18: '112.5em', // 1800px
  w24: '150em', // 2400px
  w30: '187.5em', // 3000px
  w36: '225em', // 3600px
  w42: '262.5em', // 4200px
  w48: '300em', // 4800px
};

const SANS = '"Inter Variable", Inter, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif';
const MONO = '"JetBrains Mono Variable", "JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, monospace';

/** The Mantine theme; `primaryColor` is a hex colour to derive the primary palette from, or null for brand. */
export function createAppTheme(primaryColor: string | null): MantineThemeOverride {
  return createTheme({
    colors: primaryColor ? { ...palettes, custom: toTuple(generateColors(primaryColor)) } : palettes,
    primaryColor: primaryColor ? 'custom' : 'brand',
    primaryShade: { light: 6, dark: 4 },
    fontFamily: SANS,
    fontFamilyMonospace: MONO,
    headings: { fontFamily: SANS, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Filled buttons and badges take black or white text, whichever contrasts more with their colour: 0.179 is the
    // relative luminance at which both give the same ratio, so the pick always reaches at least 4.58:1.
    autoContrast: true,
    luminanceThreshold: 0.179,
    // Transitions of modals, drawers, menus and notifications stop under prefers-reduced-motion.
    respectReducedMotion: true,
    focusRing: 'auto',
    breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em', ...WIDE_BREAKPOINTS },
    components: {
      Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.5, blur: 8 } } },
      Loader: { defaultProps: { type: 'bars' } },
      Tooltip: { defaultProps: { withArrow: true } },
      Card: { defaultProps: { withBorder: true, radius: 'lg' } },
      Paper: { defaultProps: { radius: 'lg' } },
      // Toasts are read out by their polite live container (app/providers.tsx), not as interrupting alerts.
      Notification: { defaultProps: { role: 'none' } },
      // A table wider than the screen scrolls sideways; its viewport is focusable so the keyboard can scroll it.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    },
  });
}

/** Backgrounds text sits on in each scheme: the page, cards and papers, default buttons and inputs. */
export const LIGHT_BACKGROUNDS = ['#ffffff', palettes.gray[0], palettes.gray[1]];
export const DARK_BACKGROUNDS = [palettes.dark[8], palettes.dark[7], palettes.dark[6]];

/**
 * Coloured text in the light scheme: `c="teal"` text and the `light` variant's text (badges, alerts, light
 * buttons), each darkened where Mantine's shade falls short of 4.5:1 on the page, a card, or the variant's pale
 * background (yellow, lime, teal, green and orange do by default).
 */
function lightSchemeText(colors: Record<string, MantineColorsTuple>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (!Array.isArray(palette) || palette.length !== 10) continue;
    const paleBackgrounds = [palette[0], palette[1], palette[2], ...LIGHT_BACKGROUNDS];
    variables[`--mantine-color-${name}-light-color`] = darkenToContrast(palette[9], paleBackgrounds);
    variables[`--mantine-color-${name}-text`] = darkenToContrast(palette[7], LIGHT_BACKGROUNDS);
  }
  return variables;
}

/** Coloured text in the dark scheme (`c="red"`): the first shade from 4 towards lighter that reads on dark. */
function darkSchemeText(colors: Record<string, MantineColorsTuple>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (!Array.isArray(palette) || palette.length !== 10) continue;
    variables[`--mantine-color-${name}-text`] = readableShade(palette, [4, 3, 2, 1, 0], DARK_BACKGROUNDS);
  }
  return variables;
}

/**
 * Scheme colours beyond Mantine's defaults. Link text takes the shade of the primary palette (built-in or the
 * organiser's) that reaches 4.5:1 on every background of the scheme, instead of a fixed shade that a light or dark
 * custom colour would make unreadable.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const primary = theme.colors[theme.primaryColor] ?? palettes.brand;
  return {
    variables: {},
    light: {
      '--mantine-color-body': palettes.gray[0],
      '--mantine-color-anchor': readableShade(primary, [6, 7, 8, 9], LIGHT_BACKGROUNDS),
      ...lightSchemeText(theme.colors as Record<string, MantineColorsTuple>),
    },
    dark: {
      '--mantine-color-body': palettes.dark[8],
      '--mantine-color-anchor': readableShade(primary, [4, 3, 2, 1, 0], DARK_BACKGROUNDS),
      ...darkSchemeText(theme.colors as Record<string, MantineColorsTuple>),
    },
  };
};
