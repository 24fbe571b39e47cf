import { describe, expect, it } from 'vitest';
import { abilityRulesFor, type TAbilityRule } from '@tarifa/contract';
import { buildAbility } from '@/lib/auth/ability';
import type { Session } from '@/lib/auth/session';
import { guard, homeFor } from './guard';
import type { RouteMeta } from './routes';

const guest: Session = { accessToken: null, userData: null, userAbilityRules: [] };
function signedIn(roles: ('client' | 'super-admin')[]): Session {
  const userData = { uuid: 'u1', name: 'Ana', profile_img_filename: null, roles };
  return {
    accessToken: 'tok',
    userData,
    userAbilityRules: abilityRulesFor(userData) as TAbilityRule[],
  };
}
const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const check = (meta: RouteMeta, path: string, session: Session, search = '') =>
  guard(meta, at(path, search), session, buildAbility(session.userAbilityRules));

const page: RouteMeta = { layout: 'default', action: 'read', subject: 'all', title: 'x' };
const adminPage: RouteMeta = { layout: 'default', title: 'x' };
const loginPage: RouteMeta = { layout: 'blank', unauthenticatedOnly: true, title: 'x' };

describe('route guard', () => {
  it('opens public routes to everyone', () => {
    expect(check({ layout: 'blank', public: true, title: 'x' }, '/not-authorized', guest)).toEqual({
      allow: true,
    });
  });

  it('sends a signed-in user away from guest-only routes to /', () => {
    expect(check(loginPage, '/login', signedIn(['client']))).toEqual({
      allow: false,
      redirect: '/',
    });
    expect(check(loginPage, '/login', guest)).toEqual({ allow: true });
  });

  it('sends a guest to login with the original path in `to`', () => {
    expect(check(page, '/pricing-central/price-setup', guest, '?room=2')).toEqual({
      allow: false,
      redirect: '/login?to=%2Fpricing-central%2Fprice-setup%3Froom%3D2',
    });
  });

  it('sends a signed-in user lacking the permission to not-authorized', () => {
    expect(check(adminPage, '/admin', signedIn(['client']))).toEqual({
      allow: false,
      redirect: '/not-authorized',
    });
    expect(check(adminPage, '/admin', signedIn(['super-admin']))).toEqual({ allow: true });
  });

  it('treats a stored token without userData as signed out', () => {
    const half = { ...signedIn(['client']), userData: null };
    expect(check(page, '/dashboards', half)).toMatchObject({
      allow: false,
      redirect: '/login?to=%2Fdashboards',
    });
  });
});

describe('home redirect', () => {
  it('goes by role, keeping the query for guests', () => {
    expect(homeFor(signedIn(['super-admin']), '')).toBe('/admin');
    expect(homeFor(signedIn(['client']), '')).toBe('/dashboards');
    expect(homeFor(guest, '?ref=mail')).toBe('/login?ref=mail');
  });
});
