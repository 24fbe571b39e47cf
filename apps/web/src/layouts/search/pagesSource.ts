import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import CollectionsIcon from '@mui/icons-material/CollectionsOutlined';
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
// The English menu labels (a kilobyte), whatever language is loaded: see `keywords` below.
import englishNav from '@/lib/i18n/locales/en/nav.json';
import { flattenNavigation, navigation, visibleNavigation } from '../navigation';

/** Pages that are not in the menu but worth finding. */
const morePages = [
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

/** A menu label in English, so "heat map" finds "Mapa de calor" in any language. */
const en = (key: string) => (englishNav as Record<string, string>)[key.replace(/^nav:/, '')] ?? key;

/** The menu's pages plus a few more, translated, with where they sit as the second line. */
function usePageItems(): SearchItem[] {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const visible = visibleNavigation(ability);
  // The section each menu page sits in, for the second line.
  const sectionOf = new Map<string, string>();
  for (const item of navigation) {
    if (item.kind !== 'link')
      for (const child of item.children) sectionOf.set(child.to, item.title);
  }
  const fromMenu = flattenNavigation(visible).map((item) => ({
    id: item.to,
    title: t(item.title),
    subtitle: sectionOf.has(item.to) ? t(sectionOf.get(item.to)!) : undefined,
    to: item.to,
    icon: item.icon ?? ArticleIcon,
    keywords: [en(item.title), item.to],
  }));
  const extra = ability.can('read', 'all')
    ? morePages.map((page) => ({
        id: page.to,
        title: t(page.title),
        subtitle: t(page.section),
        to: page.to,
        icon: page.icon,
        keywords: [en(page.title), page.to],
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
