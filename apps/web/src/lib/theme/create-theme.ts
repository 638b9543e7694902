import { generateColors } from '@mantine/colors-generator';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import chroma from 'chroma-js';

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
    breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em', ...WIDE_BREAKPOINTS },
    components: {
      Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.5, blur: 8 } } },
      Loader: { defaultProps: { type: 'bars' } },
      Tooltip: { defaultProps: { withArrow: true } },
      Card: { defaultProps: { withBorder: true, radius: 'lg' } },
      Paper: { defaultProps: { radius: 'lg' } },
    },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-body': palettes.gray[0] },
  dark: { '--mantine-color-body': palettes.dark[8] },
});
