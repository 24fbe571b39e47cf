import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { directionOf, isLocale, defaultLocale } from '@tarifa/contract';
import { readCookie, writeCookie } from '../cookies';
import { buildTheme, defaultPrimary, type ColorScheme, type ThemeMode } from './theme';

const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

interface ThemeSettings {
  mode: ThemeMode;
  /** The scheme in force: `mode`, or the device's when `mode` is `system`. */
  scheme: ColorScheme;
  setMode: (mode: ThemeMode) => void;
}

const ThemeSettingsContext = createContext<ThemeSettings | null>(null);

function readMode(): ThemeMode {
  const stored = readCookie('theme');
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
}

/**
 * MUI theme, colour scheme and text direction for the whole app. The mode lives in the
 * `tarifa-theme` cookie (SPEC §3, default `system`), the resolved scheme in `tarifa-color-scheme`;
 * Arabic switches the theme and the Emotion cache to right-to-left.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [mode, setModeState] = useState<ThemeMode>(readMode);
  const scheme: ColorScheme = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const direction = directionOf(locale);

  const setMode = useCallback((next: ThemeMode) => {
    writeCookie('theme', next);
    setModeState(next);
  }, []);

  useEffect(() => {
    writeCookie('color-scheme', scheme);
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);

  const theme = useMemo(
    () =>
      buildTheme({ scheme, direction, primary: readCookie(`primary-${scheme}`) ?? defaultPrimary }),
    [scheme, direction],
  );
  const settings = useMemo(() => ({ mode, scheme, setMode }), [mode, scheme, setMode]);

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
