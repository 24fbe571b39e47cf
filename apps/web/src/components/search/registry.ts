import type { SvgIconComponent } from '@mui/icons-material';

/** One thing the global search can open. */
export interface SearchItem {
  /** Unique within its source. */
  id: string;
  /** Shown, already translated (or a name the user typed, like a room type's). */
  title: string;
  /** A second line, already translated: where it is, what it belongs to. */
  subtitle?: string;
  /** Where choosing it goes. */
  to: string;
  icon?: SvgIconComponent;
  /** More words it should be found by (codes, synonyms), not shown. */
  keywords?: string[];
}

/**
 * A kind of result (pages, businesses, room types, sazonalities…). `useItems` is a React hook,
 * called on every render of the open search, so a source can read its data from the query cache:
 *
 * ```ts
 * registerSearchSource({
 *   id: 'businesses',
 *   heading: 'businesses:search.heading',
 *   order: 20,
 *   useItems: () => {
 *     const { data } = useBusinesses();
 *     return (data ?? []).map((b) => ({ id: b.uuid, title: b.name, to: '/my-property' }));
 *   },
 * });
 * ```
 *
 * Register at module load from a module the app imports (see `app/extensions.ts`), never inside a
 * component: the hooks must be the same on every render.
 */
export interface SearchSource {
  id: string;
  /** i18n key of the heading over this source's results. */
  heading: string;
  /** Lower comes first; the pages source is 10. */
  order?: number;
  useItems: () => SearchItem[];
}

const sources = new Map<string, SearchSource>();

export function registerSearchSource(source: SearchSource): void {
  sources.set(source.id, source);
}

export function searchSources(): SearchSource[] {
  return [...sources.values()].sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}

/**
 * Lower case without accents, so "sazonalidade" finds "Sazonalidades" and "ocupacao" "ocupação";
 * in Arabic also without short vowels, hamza seats or tatweel, so "اسعار" finds "أسعار".
 */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\p{Diacritic}\u0653-\u0655\u0670\u0640]/gu, '')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .toLocaleLowerCase();
}

const words = (query: string) => normalize(query).split(/\s+/).filter(Boolean);

/** Whether every word of the query is found in the item's title, subtitle or keywords. */
function matches(item: SearchItem, query: string): boolean {
  const haystack = normalize([item.title, item.subtitle ?? '', ...(item.keywords ?? [])].join(' '));
  return words(query).every((word) => haystack.includes(word));
}

/**
 * How well a matching item answers the query, lower first: its title starts with the query, its
 * title holds every word, or only its keywords and second line do.
 */
function rank(item: SearchItem, query: string): number {
  const title = normalize(item.title);
  const typed = words(query);
  if (title.startsWith(typed.join(' '))) return 0;
  if (typed.every((word) => title.includes(word))) return 1;
  return 2;
}

/** The items that match the query, best first (equal ones keep their order). */
export function search(items: SearchItem[], query: string): SearchItem[] {
  return items
    .filter((item) => matches(item, query))
    .map((item, index) => ({ item, index, rank: rank(item, query) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}
