import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme, readablePrimary } from './theme';

const colours = ['#7367F0', '#0D9394', '#FFAB1D', '#EB3D63', '#2092EC', '#FFFF00', '#111111'];

describe('primary colour', () => {
  it.each(colours)(
    '%s stays readable in the light theme: white on it, it on the page',
    (colour) => {
      const theme = buildTheme({ scheme: 'light', direction: 'ltr', primary: colour });
      const { main, contrastText } = theme.palette.primary;
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(colours)('%s stays readable in the dark theme', (colour) => {
    const theme = buildTheme({ scheme: 'dark', direction: 'rtl', primary: colour });
    const { main, contrastText } = theme.palette.primary;
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that is already readable as it is', () => {
    expect(readablePrimary('#4B3FD6', 'light')).toBe('#4B3FD6');
  });

  it('uses the breakpoints of the app and the direction asked for', () => {
    const theme = buildTheme({ scheme: 'light', direction: 'rtl', primary: '#7367F0' });
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 });
    expect(theme.direction).toBe('rtl');
  });
});
