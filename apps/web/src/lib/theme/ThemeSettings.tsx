import { CacheProvider } from '@emotion/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isLocale, defaultLocale, type TLocale } from '@tarifa/contract';
import { writeCookie } from '../cookies';
import { setPreference, usePreferences } from '../preferences/preferences';
import { buildTheme, type ColorScheme, type ThemeMode } from './theme';

const ltrCache = createCache({ key: 'mui' });
/** Right-to-left styles (a stylis plugin flipping every rule), loaded by the first Arabic page. */
let rtlCache: EmotionCache | undefined;

/** Loads what a language's direction needs before it is drawn (`main.tsx`: before the first page). */
export async function prepareDirection(locale: TLocale) {
  if (directionOf(locale) === 'rtl') rtlCache ??= (await import('./rtlCache')).rtlCache;
}

/** The language's direction once its styles are at hand (on a switch to Arabic, a moment later). */
function useDirection(locale: TLocale) {
  const wanted = directionOf(locale);
  const [, setLoaded] = useState(0);
  const ready = wanted === 'ltr' || rtlCache !== undefined;
  useEffect(() => {
    if (!ready) void prepareDirection(locale).then(() => setLoaded((n) => n + 1));
  }, [ready, locale]);
  return ready ? wanted : 'ltr';
}

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
  const direction = useDirection(locale);

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
      <CacheProvider value={direction === 'rtl' ? rtlCache! : ltrCache}>
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
