import {
  alpha,
  createTheme,
  darken,
  getContrastRatio,
  lighten,
  type Direction,
  type Theme,
} from '@mui/material/styles';
import { defaultPrimary, type Skin, type ThemeMode } from '../preferences/preferences';

export { defaultPrimary, type ThemeMode };

/** The app's breakpoints, in pixels. */
const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;
/** Below this width the navigation becomes an overlay drawer (md + 16 px). */
const overlayNavBelow = breakpoints.md + 16;
export const overlayNavQuery = `(max-width:${overlayNavBelow - 0.02}px)`;

export type ColorScheme = 'light' | 'dark';

interface ThemeInput {
  scheme: ColorScheme;
  direction: Direction;
  /** The primary colour the user chose for this scheme. */
  primary: string;
  skin?: Skin;
}

const surfaces = {
  light: { default: '#F8F7FA', paper: '#FFFFFF' },
  dark: { default: '#25293C', paper: '#2F3349' },
} as const;

/** WCAG AA for normal text. */
const minContrast = 4.5;

/**
 * The chosen primary colour, nudged just enough to stay readable: in the light scheme darkened
 * until white text on it and it on the page background reach 4.5:1; in the dark scheme lightened
 * until it reaches 4.5:1 on the dark surfaces (text on it then turns dark). The hue is kept.
 */
export function readablePrimary(colour: string, scheme: ColorScheme): string {
  const { default: page, paper } = surfaces[scheme];
  const ok = (c: string) =>
    scheme === 'light'
      ? getContrastRatio(c, '#FFFFFF') >= minContrast && getContrastRatio(c, page) >= minContrast
      : getContrastRatio(c, paper) >= minContrast && getContrastRatio(c, page) >= minContrast;
  if (ok(colour)) return colour;
  for (let step = 1; step <= 100; step += 1) {
    const candidate = scheme === 'light' ? darken(colour, step / 100) : lighten(colour, step / 100);
    if (ok(candidate)) return candidate;
  }
  return scheme === 'light' ? '#000000' : '#FFFFFF';
}

export function buildTheme({ scheme, direction, primary, skin = 'default' }: ThemeInput): Theme {
  const dark = scheme === 'dark';
  const main = readablePrimary(primary, scheme);
  const divider = dark ? 'rgba(225, 222, 245, 0.16)' : 'rgba(47, 43, 61, 0.16)';
  const bordered = skin === 'bordered';
  const shadow = dark ? '0 3px 12px rgba(20,20,29,.3)' : '0 3px 12px rgba(47,43,61,.14)';
  return createTheme({
    direction,
    breakpoints: { values: breakpoints },
    palette: {
      mode: scheme,
      contrastThreshold: minContrast,
      primary: { main },
      background: surfaces[scheme],
      divider,
      text: dark
        ? { primary: 'rgba(225, 222, 245, 0.9)', secondary: 'rgba(225, 222, 245, 0.72)' }
        : { primary: 'rgba(47, 43, 61, 0.9)', secondary: 'rgba(47, 43, 61, 0.72)' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", Tahoma, sans-serif',
      h1: { fontWeight: 600, fontSize: '2.875rem', lineHeight: 1.47 },
      h2: { fontWeight: 600, fontSize: '2.375rem', lineHeight: 1.47 },
      h3: { fontWeight: 600, fontSize: '1.75rem', lineHeight: 1.47 },
      h4: { fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.47 },
      h5: { fontWeight: 600, fontSize: '1.125rem', lineHeight: 1.5 },
      h6: { fontWeight: 600, fontSize: '0.9375rem', lineHeight: 1.5 },
      subtitle1: { fontSize: '0.9375rem', lineHeight: 1.5 },
      subtitle2: { fontSize: '0.8125rem', fontWeight: 500, lineHeight: 1.5 },
      body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
      body2: { fontSize: '0.8125rem', lineHeight: 1.55 },
      caption: { fontSize: '0.8125rem', lineHeight: 1.4 },
      overline: { fontSize: '0.75rem', fontWeight: 500, letterSpacing: '0.8px' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible focus ring for keyboard users on everything focusable.
          ':focus-visible': { outline: `2px solid ${main}`, outlineOffset: 2 },
        },
      },
      MuiInputBase: {
        styleOverrides: {
          // A number typed in a right-to-left page reads as typed: "-10" and "12,50", not "10-".
          input: {
            '&[inputmode="decimal"], &[inputmode="numeric"]': { unicodeBidi: 'plaintext' },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${main}`, outlineOffset: 2 } },
        },
      },
      MuiPaper: {
        styleOverrides: {
          outlined: { borderColor: divider },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: bordered
            ? { border: `1px solid ${divider}`, boxShadow: 'none' }
            : { boxShadow: shadow },
        },
      },
      MuiDrawer: {
        styleOverrides: {
          paper: bordered ? { boxShadow: 'none' } : {},
        },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiListItemButton: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { backgroundColor: alpha(main, 0.12) } },
        },
      },
    },
  });
}
