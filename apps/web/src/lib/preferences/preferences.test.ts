import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  getPreferences,
  preferenceCookies,
  reloadPreferences,
  resetPreferences,
  setPreference,
} from './preferences';

function cookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`tarifa-${name}=`));
  return found?.split('=')[1];
}

afterEach(() => resetPreferences());

describe('preferences', () => {
  it('default to system theme, #7367F0, boxed, vertical, sticky blurred navbar, static footer, nav open', () => {
    resetPreferences();
    expect(getPreferences()).toEqual({
      theme: 'system',
      skin: 'default',
      contentWidth: 'boxed',
      contentLayoutNav: 'vertical',
      navbarType: 'sticky',
      footerType: 'static',
      horizontalNavType: 'sticky',
      navbarBlur: true,
      verticalNavCollapsed: false,
      primaryLight: '#7367F0',
      primaryDark: '#7367F0',
    });
    expect(getPreferences()).toEqual(defaultPreferences);
  });

  it('keeps each one in its own cookie named with the tarifa- prefix', () => {
    setPreference('navbarType', 'static');
    setPreference('verticalNavCollapsed', true);
    setPreference('primaryDark', '#0d9394');
    expect(cookie('navbar-type')).toBe('static');
    expect(cookie('vertical-nav-collapsed')).toBe('true');
    expect(decodeURIComponent(cookie('primary-dark')!)).toBe('#0D9394');
    expect(Object.values(preferenceCookies)).toEqual(
      expect.arrayContaining([
        'theme',
        'skin',
        'navbar-blur',
        'vertical-nav-collapsed',
        'content-width',
        'content-layout-nav',
        'footer-type',
        'navbar-type',
        'horizontal-nav-type',
      ]),
    );
  });

  it('reads them back as they were (a reload)', () => {
    setPreference('contentLayoutNav', 'horizontal');
    setPreference('footerType', 'hidden');
    setPreference('navbarBlur', false);
    reloadPreferences();
    expect(getPreferences()).toMatchObject({
      contentLayoutNav: 'horizontal',
      footerType: 'hidden',
      navbarBlur: false,
    });
  });

  it('ignores a cookie with a value it does not know, keeping the default', () => {
    document.cookie = 'tarifa-content-width=enormous; path=/';
    document.cookie = 'tarifa-primary-light=red; path=/';
    document.cookie = 'tarifa-navbar-blur=maybe; path=/';
    reloadPreferences();
    expect(getPreferences()).toMatchObject({
      contentWidth: 'boxed',
      primaryLight: '#7367F0',
      navbarBlur: true,
    });
  });

  it('resets to the defaults and removes the cookies', () => {
    setPreference('skin', 'bordered');
    resetPreferences();
    expect(getPreferences().skin).toBe('default');
    expect(cookie('skin')).toBeUndefined();
  });
});
