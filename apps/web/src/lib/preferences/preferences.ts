import { useSyncExternalStore } from 'react';
import { cookiePrefix, readCookie, writeCookie } from '../cookies';

/**
 * Layout and theme preferences. Each lives in its own cookie named with the
 * application title as prefix (`tarifa-theme`, `tarifa-navbar-type`, …) so it survives a reload;
 * a missing or unreadable cookie means the default.
 */
const choices = {
  theme: ['light', 'dark', 'system'],
  skin: ['default', 'bordered'],
  contentWidth: ['boxed', 'wide'],
  contentLayoutNav: ['vertical', 'horizontal'],
  navbarType: ['sticky', 'static', 'hidden'],
  footerType: ['sticky', 'static', 'hidden'],
  horizontalNavType: ['sticky', 'static', 'hidden'],
} as const;

type Choices = typeof choices;
export type ChoiceKey = keyof Choices;
export type ThemeMode = Choices['theme'][number];
export type Skin = Choices['skin'][number];
type ContentWidth = Choices['contentWidth'][number];
type NavType = Choices['contentLayoutNav'][number];
export type BarType = Choices['navbarType'][number];

export interface Preferences {
  theme: ThemeMode;
  skin: Skin;
  contentWidth: ContentWidth;
  contentLayoutNav: NavType;
  navbarType: BarType;
  footerType: BarType;
  horizontalNavType: BarType;
  navbarBlur: boolean;
  verticalNavCollapsed: boolean;
  /** Primary colour of the light theme, `#rrggbb`. */
  primaryLight: string;
  /** Primary colour of the dark theme, `#rrggbb`. */
  primaryDark: string;
}
type PreferenceKey = keyof Preferences;

/** The defaults. */
export const defaultPrimary = '#7367F0';
export const defaultPreferences: Readonly<Preferences> = Object.freeze({
  theme: 'system',
  skin: 'default',
  contentWidth: 'boxed',
  contentLayoutNav: 'vertical',
  navbarType: 'sticky',
  footerType: 'static',
  horizontalNavType: 'sticky',
  navbarBlur: true,
  verticalNavCollapsed: false,
  primaryLight: defaultPrimary,
  primaryDark: defaultPrimary,
});

/** The cookie (after the `tarifa-` prefix) that keeps each preference. */
export const preferenceCookies: Record<PreferenceKey, string> = {
  theme: 'theme',
  skin: 'skin',
  contentWidth: 'content-width',
  contentLayoutNav: 'content-layout-nav',
  navbarType: 'navbar-type',
  footerType: 'footer-type',
  horizontalNavType: 'horizontal-nav-type',
  navbarBlur: 'navbar-blur',
  verticalNavCollapsed: 'vertical-nav-collapsed',
  primaryLight: 'primary-light',
  primaryDark: 'primary-dark',
};

const hexColour = /^#[0-9a-f]{6}$/i;

function parse<K extends PreferenceKey>(key: K, raw: string | undefined): Preferences[K] {
  const fallback = defaultPreferences[key];
  if (raw === undefined) return fallback;
  if (typeof fallback === 'boolean') {
    return (raw === 'true' ? true : raw === 'false' ? false : fallback) as Preferences[K];
  }
  if (key === 'primaryLight' || key === 'primaryDark') {
    return (hexColour.test(raw) ? raw.toUpperCase() : fallback) as Preferences[K];
  }
  const allowed = choices[key as ChoiceKey] as readonly string[];
  return (allowed.includes(raw) ? raw : fallback) as Preferences[K];
}

/** The options of a choice preference, for the customizer. */
export function optionsOf<K extends ChoiceKey>(key: K): Choices[K] {
  return choices[key];
}

function readAll(): Preferences {
  const entries = (Object.keys(defaultPreferences) as PreferenceKey[]).map((key) => [
    key,
    parse(key, readCookie(preferenceCookies[key])),
  ]);
  return Object.fromEntries(entries) as Preferences;
}

const listeners = new Set<() => void>();
let snapshot: Preferences = readAll();

function emit() {
  listeners.forEach((listener) => listener());
}

export function getPreferences(): Preferences {
  return snapshot;
}

export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  const next = parse(key, String(value));
  writeCookie(preferenceCookies[key], String(next));
  if (snapshot[key] === next) return;
  snapshot = { ...snapshot, [key]: next };
  emit();
}

/** Back to the defaults: every preference cookie is removed. */
export function resetPreferences(): void {
  for (const name of Object.values(preferenceCookies)) {
    document.cookie = `${cookiePrefix}-${name}=; path=/; max-age=0; samesite=lax`;
  }
  snapshot = { ...defaultPreferences };
  emit();
}

/** Re-reads the cookies (tests, or after another tab changed them). */
export function reloadPreferences(): void {
  snapshot = readAll();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences);
}
