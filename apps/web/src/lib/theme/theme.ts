import { createTheme, type Direction, type Theme } from '@mui/material/styles';

/** SPEC §9 constants. */
export const defaultPrimary = '#7367F0';
export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

export type ThemeMode = 'light' | 'dark' | 'system';
export type ColorScheme = 'light' | 'dark';

export interface ThemeInput {
  scheme: ColorScheme;
  direction: Direction;
  primary: string;
}

export function buildTheme({ scheme, direction, primary }: ThemeInput): Theme {
  const dark = scheme === 'dark';
  return createTheme({
    direction,
    breakpoints: { values: breakpoints },
    palette: {
      mode: scheme,
      primary: { main: primary },
      background: dark
        ? { default: '#25293C', paper: '#2F3349' }
        : { default: '#F8F7FA', paper: '#FFFFFF' },
      text: dark
        ? { primary: 'rgba(225, 222, 245, 0.9)', secondary: 'rgba(225, 222, 245, 0.68)' }
        : { primary: 'rgba(47, 43, 61, 0.9)', secondary: 'rgba(47, 43, 61, 0.7)' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", Tahoma, sans-serif',
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            boxShadow: dark ? '0 3px 12px rgba(20,20,29,.3)' : '0 3px 12px rgba(47,43,61,.14)',
          },
        },
      },
    },
  });
}
