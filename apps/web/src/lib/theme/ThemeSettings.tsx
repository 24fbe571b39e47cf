import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { directionOf, isLocale, defaultLocale } from '@tarifa/contract';
import { writeCookie } from '../cookies';
import { setPreference, usePreferences } from '../preferences/preferences';
import { buildTheme, type ColorScheme, type ThemeMode } from './theme';

const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

interface ThemeSettings {
  mode: ThemeMode;
  /** The scheme in force: `mode`, or the device's when `mode` is `system`. */
  scheme: ColorScheme;
  setMode: (mode: ThemeMode) => void;
}

const ThemeSettingsContext = createContext<ThemeSettings | null>(null);
const setMode = (mode: ThemeMode) => setPreference('theme', mode);

/**
 * MUI theme, colour scheme and text direction for the whole app, from the preferences kept in
 * cookies: the mode in `tarifa-theme` (default `system`, following the device), the
 * resolved scheme written to `tarifa-color-scheme`, the primary colour per scheme and the skin.
 * Arabic switches the theme and the Emotion cache to right-to-left.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const { theme: mode, primaryLight, primaryDark, skin } = usePreferences();
  const scheme: ColorScheme = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const direction = directionOf(locale);

  useEffect(() => {
    writeCookie('color-scheme', scheme);
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);

  const primary = scheme === 'dark' ? primaryDark : primaryLight;
  const theme = useMemo(
    () => buildTheme({ scheme, direction, primary, skin }),
    [scheme, direction, primary, skin],
  );
  const settings = useMemo(() => ({ mode, scheme, setMode }), [mode, scheme]);

  return (
    <ThemeSettingsContext.Provider value={settings}>
      <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </ThemeSettingsContext.Provider>
  );
}

export function useThemeSettings(): ThemeSettings {
  const value = useContext(ThemeSettingsContext);
  if (!value) throw new Error('useThemeSettings must be used inside AppThemeProvider');
  return value;
}
