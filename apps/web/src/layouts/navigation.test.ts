import { describe, expect, it } from 'vitest';
import { abilityRulesFor } from '@tarifa/contract';
import { buildAbility, canOnProperty } from '@/lib/auth/ability';
import { translationsOf } from '@/lib/i18n';
import {
  flattenNavigation,
  isActiveGroup,
  isActiveTarget,
  navigation,
  visibleNavigation,
  type NavItem,
  type PropertyCan,
} from './navigation';

const resources = {
  pt: await translationsOf('pt'),
  en: await translationsOf('en'),
  fr: await translationsOf('fr'),
  ar: await translationsOf('ar'),
};

const client = buildAbility(abilityRulesFor({ uuid: 'u1', roles: ['client'] }));
const admin = buildAbility(abilityRulesFor({ uuid: 'u2', roles: ['super-admin'] }));
const nobody = buildAbility([]);

const titles = (items: NavItem[]) =>
  items.flatMap((item) => [
    item.title,
    ...('children' in item ? item.children.map((c) => c.title) : []),
  ]);
const label = (locale: 'pt' | 'en' | 'fr' | 'ar', key: string) =>
  (resources[locale].nav as Record<string, string>)[key.replace('nav:', '')];

describe('the menu', () => {
  it('holds every label of the menu, in English literally', () => {
    const english = titles(navigation).map((key) => label('en', key));
    expect(english).toEqual(
      expect.arrayContaining([
        'Pricing Central',
        'My Account',
        'My Property',
        'Suport Center',
        'Heat Map',
        'Sales Analytics',
        'Pro Members',
        'Business Intelligence',
        'Configurations',
        'Sazonalities',
        'Add Sazonality',
        'Occupancy History',
      ]),
    );
  });

  it('puts Configurations, Sazonalities and Add Sazonality under Pricing Central, and the BI views under Pro Members', () => {
    const pricing = navigation.find((item) => item.title === 'nav:pricingCentral');
    const pro = navigation.find((item) => item.title === 'nav:proMembers');
    expect(pricing?.kind).toBe('group');
    expect(titles([pricing!])).toEqual(
      expect.arrayContaining(['nav:configurations', 'nav:sazonalities', 'nav:addSazonality']),
    );
    expect(pro?.kind).toBe('section');
    expect(titles([pro!]).slice(1)).toEqual([
      'nav:heatMap',
      'nav:salesAnalytics',
      'nav:businessIntelligence',
      'nav:occupancyHistory',
    ]);
  });

  it('is translated in every language, Portuguese "Histórico da ocupação" included', () => {
    for (const locale of ['pt', 'en', 'fr', 'ar'] as const) {
      for (const key of titles(navigation))
        expect(label(locale, key), `${locale} ${key}`).toBeTruthy();
    }
    expect(label('pt', 'nav:occupancyHistory')).toBe('Histórico da ocupação');
  });

  it('hides what the rules do not allow', () => {
    expect(titles(visibleNavigation(client))).not.toContain('nav:admin');
    expect(titles(visibleNavigation(admin))).toContain('nav:admin');
    expect(visibleNavigation(nobody)).toEqual([]);
  });
});

describe('the entry of the page shown', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('matches the path and the part of the page named in the query', () => {
    expect(isActiveTarget('/pricing-central/bi', at('/pricing-central/bi'))).toBe(true);
    expect(isActiveTarget('/pricing-central/bi', at('/pricing-central/bi', '?view=heat-map'))).toBe(
      false,
    );
    expect(
      isActiveTarget(
        '/pricing-central/bi?view=heat-map',
        at('/pricing-central/bi', '?view=heat-map&from=2026-01-01'),
      ),
    ).toBe(true);
    expect(isActiveTarget('/faq', at('/faq', '?category=imports'))).toBe(true);
    expect(isActiveTarget('/faq', at('/faq/'))).toBe(true);
  });

  it('opens the group of the page shown', () => {
    const pricing = navigation.find((item) => item.title === 'nav:pricingCentral')!;
    if (pricing.kind === 'link') throw new Error('a group');
    expect(isActiveGroup(pricing, at('/pricing-central/sazonalities'))).toBe(true);
    expect(isActiveGroup(pricing, at('/my-property'))).toBe(false);
  });

  it('lists every reachable page once for the search', () => {
    const paths = flattenNavigation(visibleNavigation(client)).map((item) => item.to);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/pricing-central');
  });

  it('shows a team member only what the role opens on the selected property', () => {
    const property = { uuid: 'p1', ownerUuid: 'owner' };
    const menuFor = (role: 'revenue' | 'front_desk') => {
      const memberships = [{ businessUuid: 'p1', role }];
      const ability = buildAbility(abilityRulesFor({ uuid: 'm1', roles: ['client'], memberships }));
      return titles(
        visibleNavigation(ability, undefined, 0, (action, subject) =>
          canOnProperty(ability, memberships, action, subject, property),
        ),
      );
    };
    const revenue = menuFor('revenue');
    expect(revenue).toEqual(expect.arrayContaining(['nav:budgets', 'nav:businessIntelligence']));
    expect(revenue).not.toContain('nav:integrations');
    const desk = menuFor('front_desk');
    expect(desk).toEqual(expect.arrayContaining(['nav:bookings', 'nav:priceCalendar']));
    expect(desk).not.toContain('nav:budgets');
    expect(desk).not.toContain('nav:autopilot');
    // The owner of the same property sees all of it.
    const own: PropertyCan = (action, subject) =>
      canOnProperty(client, [], action, subject, { uuid: 'p1', ownerUuid: 'u1' });
    expect(titles(visibleNavigation(client, undefined, 0, own))).toContain('nav:integrations');
  });
});
