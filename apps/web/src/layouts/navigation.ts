import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BarChartIcon from '@mui/icons-material/BarChartOutlined';
import HubIcon from '@mui/icons-material/HubOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import GridOnIcon from '@mui/icons-material/GridOnOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { TAction, TPlanFeature, TSubject } from '@tarifa/contract';
import type { AppAbility } from '@/lib/auth/ability';

interface Permission {
  /** By default: action `manage`, subject `all`. */
  action?: TAction;
  subject?: TSubject;
}

export interface NavLinkItem extends Permission {
  kind: 'link';
  /** i18n key of the label. */
  title: string;
  /** Path, possibly with a query naming a tab or view of the page (`?tab=…`, `?view=…`). */
  to: string;
  icon?: SvgIconComponent;
  /** The plan feature the page needs: the name of the plan with it marks it when the user's lacks it. */
  feature?: TPlanFeature;
  /** Shown only to a user with at least this many properties (the portfolio: two). */
  minProperties?: number;
  /** What the page asks of the user's role on the selected property (a team member's). */
  onProperty?: { action: TAction; subject: TSubject };
}

export interface NavGroupItem extends Permission {
  kind: 'group';
  title: string;
  icon: SvgIconComponent;
  /** The group's own page, reached by its label; the children fold under it. */
  to: string;
  children: NavLinkItem[];
}

/** A heading over the entries that follow it, like "Pro Members". */
export interface NavSectionItem extends Permission {
  kind: 'section';
  title: string;
  icon: SvgIconComponent;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem | NavSectionItem;

const read = { action: 'read', subject: 'all' } as const;

/**
 * The app's menu, in one table for the vertical and the horizontal navigation. Pages with
 * several parts (the BI views) are reached by a query naming the part, so one route serves them
 * and a link opens the right one.
 */
export const navigation: NavItem[] = [
  { kind: 'link', title: 'nav:dashboards', to: '/dashboards', icon: SpaceDashboardIcon, ...read },
  {
    kind: 'group',
    title: 'nav:pricingCentral',
    to: '/pricing-central',
    icon: SellIcon,
    ...read,
    children: [
      // The group's own page, named for what it is: the calendar of prices night by night.
      { kind: 'link', title: 'nav:priceCalendar', to: '/pricing-central', ...read },
      { kind: 'link', title: 'nav:priceSetup', to: '/pricing-central/price-setup', ...read },
      { kind: 'link', title: 'nav:roomForm', to: '/pricing-central/room-form', ...read },
      {
        kind: 'link',
        title: 'nav:configurations',
        to: '/pricing-central/configurations',
        ...read,
      },
      { kind: 'link', title: 'nav:sazonalities', to: '/pricing-central/sazonalities', ...read },
      {
        kind: 'link',
        title: 'nav:addSazonality',
        to: '/pricing-central/sazonalities/new',
        ...read,
      },
      {
        kind: 'link',
        title: 'nav:autopilot',
        to: '/pricing-central/autopilot',
        onProperty: { action: 'read', subject: 'Pricing' },
        ...read,
      },
      { kind: 'link', title: 'nav:priceChanges', to: '/pricing-central/price-changes', ...read },
      {
        kind: 'link',
        title: 'nav:market',
        to: '/pricing-central/market',
        feature: 'market',
        ...read,
      },
      { kind: 'link', title: 'nav:bookings', to: '/pricing-central/bookings', ...read },
      {
        kind: 'link',
        title: 'nav:budgets',
        to: '/pricing-central/budgets',
        onProperty: { action: 'read', subject: 'Analytics' },
        ...read,
      },
    ],
  },
  { kind: 'link', title: 'nav:myProperty', to: '/my-property', icon: HomeWorkIcon, ...read },
  // Every property side by side: for an owner of several.
  {
    kind: 'link',
    title: 'nav:portfolio',
    to: '/portfolio',
    icon: ApartmentIcon,
    minProperties: 2,
    ...read,
  },
  // Integration tokens and the webhook: what connects a PMS or a channel manager.
  {
    kind: 'link',
    title: 'nav:integrations',
    to: '/my-property/integrations',
    icon: HubIcon,
    onProperty: { action: 'read', subject: 'Integration' },
    ...read,
  },
  {
    kind: 'link',
    title: 'nav:myAccount',
    to: '/account-settings/account',
    icon: PersonIcon,
    ...read,
  },
  { kind: 'link', title: 'nav:supportCenter', to: '/faq', icon: HelpIcon, ...read },
  {
    kind: 'section',
    title: 'nav:proMembers',
    icon: InsightsIcon,
    ...read,
    children: [
      {
        kind: 'link',
        title: 'nav:heatMap',
        to: '/pricing-central/bi?view=heat-map',
        icon: GridOnIcon,
        feature: 'heatMap',
        onProperty: { action: 'read', subject: 'Analytics' },
        ...read,
      },
      {
        kind: 'link',
        title: 'nav:salesAnalytics',
        to: '/pricing-central/bi?view=sales-analytics',
        icon: BarChartIcon,
        feature: 'salesAnalytics',
        onProperty: { action: 'read', subject: 'Analytics' },
        ...read,
      },
      {
        kind: 'link',
        title: 'nav:businessIntelligence',
        to: '/pricing-central/bi',
        icon: InsightsIcon,
        feature: 'businessIntelligence',
        onProperty: { action: 'read', subject: 'Analytics' },
        ...read,
      },
      {
        kind: 'link',
        title: 'nav:occupancyHistory',
        to: '/pricing-central/bi?view=occupancy-history',
        icon: HistoryIcon,
        feature: 'occupancyHistory',
        onProperty: { action: 'read', subject: 'Analytics' },
        ...read,
      },
    ],
  },
  {
    kind: 'link',
    title: 'nav:admin',
    to: '/admin',
    icon: AdminIcon,
    action: 'manage',
    subject: 'Admin',
  },
];

/** Whether the user may do `action` on `subject` of the selected property. */
export type PropertyCan = (action: TAction, subject: TSubject) => boolean;

function allowed(ability: AppAbility, item: NavItem, onProperty?: PropertyCan): boolean {
  if (!ability.can(item.action ?? 'manage', item.subject ?? 'all')) return false;
  const asked = item.kind === 'link' ? item.onProperty : undefined;
  return !asked || !onProperty || onProperty(asked.action, asked.subject);
}

/**
 * The entries the user's rules allow (and, for those that ask for several, the user's
 * `properties` count; for those that ask something of the selected property, `onProperty`);
 * groups and sections without a visible child disappear.
 */
export function visibleNavigation(
  ability: AppAbility,
  items: NavItem[] = navigation,
  properties = 0,
  onProperty?: PropertyCan,
): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (!allowed(ability, item, onProperty)) return [];
    if (item.kind === 'link' && (item.minProperties ?? 0) > properties) return [];
    if (item.kind === 'link') return [item];
    const children = item.children.filter((child) => allowed(ability, child, onProperty));
    if (item.kind === 'section' && children.length === 0) return [];
    return [{ ...item, children }];
  });
}

/** Query parameters that pick a part of a page; a link matches only its own part. */
const partKeys = ['tab', 'view'];

/** Whether a menu target is the page shown, query part included. */
export function isActiveTarget(to: string, location: { pathname: string; search: string }) {
  const target = new URL(to, 'http://x');
  if (target.pathname.replace(/\/$/, '') !== location.pathname.replace(/\/$/, '')) return false;
  const current = new URLSearchParams(location.search);
  return partKeys.every((key) => target.searchParams.get(key) === current.get(key));
}

/** Whether a group's page or one of its children is shown. */
export function isActiveGroup(
  item: NavGroupItem | NavSectionItem,
  location: { pathname: string; search: string },
) {
  return (
    ('to' in item && isActiveTarget(item.to, location)) ||
    item.children.some((child) => isActiveTarget(child.to, location))
  );
}

/**
 * The pages a group or a section lists: a group's own page first, unless one of its children opens
 * it already (Pricing Central's price calendar), then the children.
 */
export function pagesOf(item: NavGroupItem | NavSectionItem): NavLinkItem[] {
  if (item.kind === 'section' || item.children.some((child) => child.to === item.to))
    return item.children;
  return [{ kind: 'link', title: item.title, to: item.to }, ...item.children];
}

/** Every page reachable from the menu, flattened and each once, for the search and the shortcuts. */
export function flattenNavigation(items: NavItem[]): NavLinkItem[] {
  return items.flatMap((item) =>
    item.kind === 'link'
      ? [item]
      : pagesOf(item).map((page) => ({ ...page, icon: page.icon ?? item.icon })),
  );
}
