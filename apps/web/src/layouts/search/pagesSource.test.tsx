import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { locales, type TLocale, type TRole } from '@tarifa/contract';
import { search, searchSources, type SearchItem } from '@/components/search/registry';
import { changeLanguage, translationsOf } from '@/lib/i18n';
import { TestProviders } from '@/testing';
import { flattenNavigation, navigation } from '../navigation';
import './pagesSource';

/** The search's pages, as the open dialog reads them, in `locale` for a user with `roles`. */
async function pagesIn(locale: TLocale, roles: TRole[] = ['client']): Promise<SearchItem[]> {
  await changeLanguage(locale);
  const pages = searchSources().find((source) => source.id === 'pages')!;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders roles={roles}>{children}</TestProviders>
  );
  return renderHook(() => pages.useItems(), { wrapper }).result.current;
}

/** Where the search's answer to `query` leads, best first. */
const found = (items: SearchItem[], query: string) => search(items, query).map((item) => item.to);

const menuLabels = await Promise.all(
  locales.map(async (locale) => [locale, (await translationsOf(locale)).nav] as const),
);

describe('the search finds every page', () => {
  afterAll(() => changeLanguage('pt'));

  it.each(menuLabels)('by its menu label in %s, first among the results', async (locale, nav) => {
    const items = await pagesIn(locale, ['client', 'super-admin']);
    const label = (key: string) => (nav as Record<string, string>)[key.replace(/^nav:/, '')]!;
    // Every entry of the menu, groups' own pages and the admin area included — but the pages
    // for owners of several properties (the portfolio), which a user without them is not offered.
    const several = (entry: object) =>
      ('minProperties' in entry ? Number(entry.minProperties) : 0) > 1;
    const entries = [
      ...navigation.filter((item) => item.kind !== 'section'),
      ...flattenNavigation(navigation),
    ];
    for (const entry of entries) {
      const answer = found(items, label(entry.title));
      if (several(entry)) expect(answer, `${locale} ${entry.title}`).not.toContain(entry.to);
      else expect(answer, `${locale} “${label(entry.title)}”`).toContain(entry.to);
    }
    // A page's own label answers with that page first.
    for (const entry of flattenNavigation(navigation).filter((entry) => !several(entry))) {
      expect(found(items, label(entry.title))[0], `${locale} ${entry.title}`).toBe(entry.to);
    }
  });

  it.each([
    ['pt', 'calendário', '/pricing-central'],
    ['pt', 'calendario de precos', '/pricing-central'],
    ['pt', 'Central de Preços', '/pricing-central'],
    ['pt', 'webhook', '/my-property/integrations'],
    ['pt', 'integrações', '/my-property/integrations'],
    ['pt', 'channel manager', '/my-property/integrations'],
    ['pt', 'níveis de ocupação', '/pricing-central/configurations'],
    ['pt', 'niveis de flutuacao', '/pricing-central/configurations'],
    ['pt', 'sazonalidade', '/pricing-central/sazonalities'],
    ['pt', 'época', '/pricing-central/sazonalities'],
    ['pt', 'plano essencial', '/pages/pricing'],
    ['en', 'calendar', '/pricing-central'],
    ['en', 'webhook', '/my-property/integrations'],
    ['en', 'integrations', '/my-property/integrations'],
    ['en', 'occupancy levels', '/pricing-central/configurations'],
    ['en', 'season', '/pricing-central/sazonalities'],
    ['en', 'Support', '/faq'],
    ['fr', 'calendrier', '/pricing-central'],
    ['fr', 'webhook', '/my-property/integrations'],
    ['fr', 'intégrations', '/my-property/integrations'],
    ['fr', 'niveaux d’occupation', '/pricing-central/configurations'],
    ['fr', 'saison', '/pricing-central/sazonalities'],
    ['ar', 'التقويم', '/pricing-central'],
    ['ar', 'تقويم', '/pricing-central'],
    ['ar', 'webhook', '/my-property/integrations'],
    ['ar', 'التكاملات', '/my-property/integrations'],
    ['ar', 'مستويات الإشغال', '/pricing-central/configurations'],
    ['ar', 'موسم', '/pricing-central/sazonalities'],
    // Hamza seats and short vowels are not needed to find a word.
    ['ar', 'اسعار', '/pricing-central'],
  ] as const)('in %s by the words an owner types: “%s”', async (locale, query, to) => {
    expect(found(await pagesIn(locale), query)).toContain(to);
  });

  it('finds nothing for a word no page is about', async () => {
    expect(found(await pagesIn('en'), 'xyzzy')).toEqual([]);
  });

  it('offers the design system to super-admins only, as the footer does', async () => {
    const paths = (items: SearchItem[]) => items.map((item) => item.to);
    expect(paths(await pagesIn('en'))).not.toContain('/pages/typography');
    expect(paths(await pagesIn('en'))).not.toContain('/pages/icons');
    expect(paths(await pagesIn('en', ['client', 'super-admin']))).toEqual(
      expect.arrayContaining(['/pages/typography', '/pages/icons']),
    );
  });
});
