import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import CollectionsIcon from '@mui/icons-material/CollectionsOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import EmojiSymbolsIcon from '@mui/icons-material/EmojiSymbolsOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import RouteIcon from '@mui/icons-material/RouteOutlined';
import TextFieldsIcon from '@mui/icons-material/TextFieldsOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { registerSearchSource, type SearchItem } from '@/components/search/registry';
import type { AppAbility } from '@/lib/auth/ability';
// The English menu labels and words (two kilobytes), whatever language is loaded: see `keywords`.
import englishNav from '@/lib/i18n/locales/en/nav.json';
import { flattenNavigation, navigation } from '../navigation';
import { useVisibleNavigation } from '../useVisibleNavigation';

/** Pages that are not in the menu but worth finding. */
const morePages = [
  {
    title: 'nav:importBookings',
    to: '/pricing-central/bookings/import',
    icon: UploadFileIcon,
    section: 'nav:bookings',
  },
  { title: 'nav:audit', to: '/my-property/audit', icon: HistoryIcon, section: 'nav:myProperty' },
  { title: 'nav:propertyMenu', to: '/my-property/menu', icon: TuneIcon, section: 'nav:myProperty' },
  {
    title: 'nav:photoGallery',
    to: '/extensions/swiper',
    icon: CollectionsIcon,
    section: 'nav:myProperty',
  },
  {
    title: 'nav:security',
    to: '/account-settings/security',
    icon: LockIcon,
    section: 'nav:myAccount',
  },
  {
    title: 'nav:pricingPlans',
    to: '/pages/pricing',
    icon: WorkspacePremiumIcon,
    section: 'nav:myAccount',
  },
  {
    title: 'nav:productTour',
    to: '/extensions/tour',
    icon: RouteIcon,
    section: 'nav:supportCenter',
  },
  {
    title: 'nav:typography',
    to: '/pages/typography',
    icon: TextFieldsIcon,
    section: 'nav:designSystem',
  },
  { title: 'nav:icons', to: '/pages/icons', icon: EmojiSymbolsIcon, section: 'nav:designSystem' },
];

const navKey = (title: string) => title.replace(/^nav:/, '');
const englishLabels = englishNav as unknown as Partial<Record<string, string>>;
const englishWords: Partial<Record<string, string>> = englishNav.search;

/**
 * The words a page is found by besides its title: its label and words in English whatever the
 * language (so "heat map" finds "Mapa de calor"), its words in the language shown (`nav:search.*`:
 * the page's own title, synonyms an owner would type), the label of the group whose page it opens
 * (the price calendar is Pricing Central's), and its path.
 */
function useKeywords() {
  const { t } = useTranslation();
  return (title: string, to: string, group?: string) => {
    const key = navKey(title);
    return [
      englishLabels[key],
      englishWords[key],
      t(`nav:search.${key}`, { defaultValue: '' }),
      ...(group ? [t(group), englishLabels[navKey(group)]] : []),
      to,
    ].filter((word): word is string => Boolean(word));
  };
}

/** The menu's pages plus a few more, translated, with where they sit as the second line. */
function usePageItems(): SearchItem[] {
  const { t } = useTranslation();
  const keywords = useKeywords();
  const ability = useAbility<AppAbility>();
  const visible = useVisibleNavigation();
  // The section each menu page sits in, for the second line, and the group whose page it opens.
  const sectionOf = new Map<string, string>();
  const opensGroup = new Map<string, string>();
  for (const item of navigation) {
    if (item.kind === 'link') continue;
    for (const child of item.children) {
      sectionOf.set(child.to, item.title);
      if (item.kind === 'group' && child.to === item.to) opensGroup.set(child.to, item.title);
    }
  }
  const fromMenu = flattenNavigation(visible).map((item) => ({
    id: item.to,
    title: t(item.title),
    subtitle: sectionOf.has(item.to) ? t(sectionOf.get(item.to)!) : undefined,
    to: item.to,
    icon: item.icon ?? ArticleIcon,
    keywords: keywords(item.title, item.to, opensGroup.get(item.to)),
  }));
  // The design system is the team's, shown to super-admins only (as in the footer).
  const designSystem = ability.can('manage', 'Admin');
  const extra = ability.can('read', 'all')
    ? morePages
        .filter((page) => page.section !== 'nav:designSystem' || designSystem)
        .map((page) => ({
          id: page.to,
          title: t(page.title),
          subtitle: t(page.section),
          to: page.to,
          icon: page.icon,
          keywords: keywords(page.title, page.to),
        }))
    : [];
  return [...fromMenu, ...extra];
}

registerSearchSource({
  id: 'pages',
  heading: 'shell:search.pages',
  order: 10,
  useItems: usePageItems,
});
