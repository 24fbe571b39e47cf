import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TAction, TSubject } from '@tarifa/contract';

/** What each route needs: layout, who may open it, its permission. */
export interface RouteMeta {
  /** Open to everyone, signed in or not. */
  public?: boolean;
  /** Only for guests: a signed-in user is sent to `/`. */
  unauthenticatedOnly?: boolean;
  layout: 'blank' | 'default';
  /** Permission needed; by default action `manage`, subject `all`. */
  action?: TAction;
  subject?: TSubject;
  /** i18n key of the page title. */
  title: string;
}

export interface AppRoute {
  path: string;
  name?: string;
  meta: RouteMeta;
  page: LazyExoticComponent<ComponentType>;
}

const AdminOverview = lazy(() => import('@/features/admin/pages/AdminOverviewPage'));
const AdminUsers = lazy(() => import('@/features/admin/pages/AdminUsersPage'));
const AdminProperties = lazy(() => import('@/features/admin/pages/AdminPropertiesPage'));
const AdminTokens = lazy(() => import('@/features/admin/pages/AdminTokensPage'));
/** The admin area: super-admins only (`manage Admin`). */
const adminOnly: RouteMeta = {
  layout: 'default',
  action: 'manage',
  subject: 'Admin',
  title: 'nav:admin',
};
/** A page that needs a property: a user without one gets the first-run onboarding instead. */
const needsBusiness = (
  load: () => Promise<{ default: ComponentType }>,
  access?: { action: TAction; subject: TSubject; otherwise?: string },
) =>
  lazy(async () => {
    const [page, { withBusiness }] = await Promise.all([
      load(),
      import('@/features/businesses/components/RequireBusiness'),
    ]);
    return { default: withBusiness(page.default, access) };
  });
/** What a page asks of the user's role on the selected property (a team member's). */
const reads = (subject: TSubject) => ({ action: 'read', subject }) as const;
const NotFound = lazy(() => import('@/features/misc/pages/NotFoundPage'));
const NotAuthorized = lazy(() => import('@/features/misc/pages/NotAuthorizedPage'));
// A front desk, whose role has no figures, starts at the bookings.
const Dashboard = needsBusiness(() => import('@/features/dashboard/pages/DashboardPage'), {
  ...reads('Analytics'),
  otherwise: '/pricing-central/bookings',
});
const Gallery = lazy(() => import('@/features/gallery/pages/GalleryPage'));
const Tour = lazy(() => import('@/features/tour/pages/TourPage'));
const Faq = lazy(() => import('@/features/support/pages/FaqPage'));
const Icons = lazy(() => import('@/features/docs/pages/IconsPage'));
const PricingPlans = lazy(() => import('@/features/plans/pages/PricingPlansPage'));
const Typography = lazy(() => import('@/features/docs/pages/TypographyPage'));
const Login = lazy(() => import('@/features/auth/pages/LoginPage'));
const Register = lazy(() => import('@/features/auth/pages/RegisterPage'));
const ForgotPassword = lazy(() => import('@/features/auth/pages/ForgotPasswordPage'));
const ResetPassword = lazy(() => import('@/features/auth/pages/ResetPasswordPage'));
const AccountSettings = lazy(() => import('@/features/auth/pages/AccountSettingsPage'));
const DigestLink = lazy(() => import('@/features/digest/pages/DigestLinkPage'));
const DigestUnsubscribe = lazy(() => import('@/features/digest/pages/DigestUnsubscribePage'));
const AccessControl = lazy(() => import('@/features/access-control/pages/AccessControlPage'));
const Configurations = needsBusiness(
  () => import('@/features/fluctuation/pages/ConfigurationsPage'),
  reads('Pricing'),
);
const Sazonalities = needsBusiness(
  () => import('@/features/seasons/pages/SazonalitiesPage'),
  reads('Pricing'),
);
const SazonalityEdit = needsBusiness(() => import('@/features/seasons/pages/SazonalityEditPage'), {
  action: 'update',
  subject: 'Pricing',
});
const MyProperty = lazy(() => import('@/features/businesses/pages/MyPropertyPage'));
const PropertyMenu = lazy(() => import('@/features/businesses/pages/PropertyMenuPage'));
const RoomForm = lazy(() => import('@/features/businesses/pages/RoomFormPage'));
const PropertyAudit = needsBusiness(
  () => import('@/features/audit/pages/PropertyAuditPage'),
  reads('Audit'),
);
const PriceSetup = lazy(() => import('@/features/businesses/pages/PriceSetupPage'));
const Bookings = needsBusiness(() => import('@/features/bookings/pages/BookingsPage'));
const ImportBookings = needsBusiness(() => import('@/features/bookings/pages/ImportBookingsPage'), {
  action: 'create',
  subject: 'Booking',
});
const Integrations = needsBusiness(
  () => import('@/features/integrations/pages/IntegrationsPage'),
  reads('Integration'),
);
const PriceChanges = needsBusiness(() => import('@/features/price-changes/pages/PriceChangesPage'));
const Autopilot = needsBusiness(
  () => import('@/features/autopilot/pages/AutopilotPage'),
  reads('Pricing'),
);
const Market = needsBusiness(() => import('@/features/market/pages/MarketPage'), reads('Market'));
const PriceCalendar = needsBusiness(
  () => import('@/features/price-calendar/pages/PriceCalendarPage'),
);

const Portfolio = lazy(() => import('@/features/portfolio/pages/PortfolioPage'));
const Members = needsBusiness(() => import('@/features/members/pages/MembersPage'), {
  action: 'manage',
  subject: 'Member',
});
const AcceptInvitation = lazy(() => import('@/features/members/pages/AcceptInvitationPage'));
const Analytics = needsBusiness(
  () => import('@/features/analytics/pages/AnalyticsPage'),
  reads('Analytics'),
);
const Budgets = needsBusiness(
  () => import('@/features/budgets/pages/BudgetsPage'),
  reads('Analytics'),
);

const guestOnly = { layout: 'blank', unauthenticatedOnly: true } as const;
const readAll = { layout: 'default', action: 'read', subject: 'all' } as const;

/** Every route of the app, in one table. */
export const appRoutes: AppRoute[] = [
  {
    path: '/login',
    name: 'login',
    meta: { ...guestOnly, title: 'auth:titles.login' },
    page: Login,
  },
  {
    path: '/register',
    name: 'register',
    meta: { ...guestOnly, title: 'auth:titles.register' },
    page: Register,
  },
  {
    path: '/forgot-password',
    name: 'forgot-password',
    meta: { ...guestOnly, title: 'auth:titles.forgot' },
    page: ForgotPassword,
  },
  {
    path: '/reset-password',
    name: 'reset-password',
    meta: { ...guestOnly, title: 'auth:titles.reset' },
    page: ResetPassword,
  },
  {
    path: '/digest/link',
    name: 'digest-link',
    meta: { layout: 'blank', public: true, title: 'digest:titles.link' },
    page: DigestLink,
  },
  {
    path: '/digest/unsubscribe',
    name: 'digest-unsubscribe',
    meta: { layout: 'blank', public: true, title: 'digest:titles.unsubscribe' },
    page: DigestUnsubscribe,
  },
  {
    // An invitation's link: read signed out, accepted signed in (docs/members.md).
    path: '/invitations/accept',
    name: 'invitations-accept',
    meta: { layout: 'blank', public: true, title: 'members:accept.checking' },
    page: AcceptInvitation,
  },
  {
    path: '/not-authorized',
    name: 'not-authorized',
    meta: { layout: 'blank', public: true, title: 'errors.notAuthorized.title' },
    page: NotAuthorized,
  },
  {
    path: '/pages/misc/not-authorized',
    meta: { layout: 'blank', public: true, title: 'errors.notAuthorized.title' },
    page: NotAuthorized,
  },
  {
    path: '/pages/misc/not-found',
    meta: { layout: 'blank', public: true, title: 'errors.notFound.title' },
    page: NotFound,
  },

  {
    path: '/access-control',
    name: 'access-control',
    meta: { layout: 'default', action: 'read', subject: 'AclDemo', title: 'nav:accessControl' },
    page: AccessControl,
  },
  {
    path: '/account-settings/:tab',
    name: 'account-settings-tab',
    meta: { ...readAll, title: 'nav:myAccount' },
    page: AccountSettings,
  },
  {
    path: '/admin',
    name: 'admin',
    meta: adminOnly,
    page: AdminOverview,
  },
  {
    path: '/admin/properties',
    name: 'admin-properties',
    meta: adminOnly,
    page: AdminProperties,
  },
  {
    path: '/admin/tokens',
    name: 'admin-tokens',
    meta: adminOnly,
    page: AdminTokens,
  },
  {
    path: '/admin/users',
    name: 'admin-users',
    meta: adminOnly,
    page: AdminUsers,
  },
  {
    path: '/dashboards',
    name: 'dashboards',
    meta: { ...readAll, title: 'nav:dashboards' },
    page: Dashboard,
  },
  {
    path: '/extensions/swiper',
    name: 'extensions-swiper',
    meta: { ...readAll, title: 'nav:photoGallery' },
    page: Gallery,
  },
  {
    path: '/extensions/tour',
    name: 'extensions-tour',
    meta: { ...readAll, title: 'nav:productTour' },
    page: Tour,
  },
  {
    path: '/faq',
    name: 'faq',
    meta: { ...readAll, title: 'nav:supportCenter' },
    page: Faq,
  },
  {
    path: '/my-property',
    name: 'my-property',
    meta: { ...readAll, title: 'nav:myProperty' },
    page: MyProperty,
  },
  {
    path: '/my-property/menu',
    name: 'my-property-menu',
    meta: { ...readAll, title: 'nav:propertyMenu' },
    page: PropertyMenu,
  },
  {
    path: '/my-property/audit',
    name: 'my-property-audit',
    meta: { ...readAll, title: 'nav:audit' },
    page: PropertyAudit,
  },
  {
    path: '/my-property/members',
    name: 'my-property-members',
    meta: { ...readAll, title: 'members:title' },
    page: Members,
  },
  {
    path: '/my-property/integrations',
    name: 'my-property-integrations',
    meta: { ...readAll, title: 'nav:integrations' },
    page: Integrations,
  },
  {
    path: '/portfolio',
    name: 'portfolio',
    meta: { ...readAll, title: 'nav:portfolio' },
    page: Portfolio,
  },
  {
    path: '/pages/icons',
    name: 'pages-icons',
    meta: { ...readAll, title: 'nav:icons' },
    page: Icons,
  },
  {
    path: '/pages/pricing',
    name: 'pages-pricing',
    meta: { ...readAll, title: 'nav:pricingPlans' },
    page: PricingPlans,
  },
  {
    path: '/pages/typography',
    name: 'pages-typography',
    meta: { ...readAll, title: 'nav:typography' },
    page: Typography,
  },
  {
    path: '/pricing-central',
    name: 'pricing-central',
    meta: { ...readAll, title: 'nav:priceCalendar' },
    page: PriceCalendar,
  },
  {
    path: '/pricing-central/bi',
    name: 'pricing-central-bi',
    meta: { ...readAll, title: 'nav:businessIntelligence' },
    page: Analytics,
  },
  {
    path: '/pricing-central/budgets',
    name: 'pricing-central-budgets',
    meta: { ...readAll, title: 'nav:budgets' },
    page: Budgets,
  },
  {
    path: '/pricing-central/price-changes',
    name: 'pricing-central-price-changes',
    meta: { ...readAll, title: 'nav:priceChanges' },
    page: PriceChanges,
  },
  {
    path: '/pricing-central/autopilot',
    name: 'pricing-central-autopilot',
    meta: { ...readAll, title: 'nav:autopilot' },
    page: Autopilot,
  },
  {
    path: '/pricing-central/market',
    name: 'pricing-central-market',
    meta: { ...readAll, title: 'nav:market' },
    page: Market,
  },
  {
    path: '/pricing-central/price-setup',
    name: 'pricing-central-price-setup',
    meta: { ...readAll, title: 'nav:priceSetup' },
    page: PriceSetup,
  },
  {
    path: '/pricing-central/room-form',
    name: 'pricing-central-room-form',
    meta: { ...readAll, title: 'nav:roomForm' },
    page: RoomForm,
  },
  {
    path: '/pricing-central/bookings',
    name: 'pricing-central-bookings',
    meta: { ...readAll, title: 'nav:bookings' },
    page: Bookings,
  },
  {
    path: '/pricing-central/bookings/import',
    name: 'pricing-central-bookings-import',
    meta: { ...readAll, title: 'nav:importBookings' },
    page: ImportBookings,
  },
  {
    path: '/pricing-central/configurations',
    name: 'pricing-central-configurations',
    meta: { ...readAll, title: 'fluctuation:title' },
    page: Configurations,
  },
  {
    path: '/pricing-central/sazonalities',
    name: 'pricing-central-sazonalities',
    meta: { ...readAll, title: 'seasons:title' },
    page: Sazonalities,
  },
  {
    path: '/pricing-central/sazonalities/new',
    name: 'pricing-central-sazonalities-new',
    meta: { ...readAll, title: 'nav:addSazonality' },
    page: SazonalityEdit,
  },
  {
    path: '/pricing-central/sazonalities/:id',
    name: 'pricing-central-sazonalities-edit',
    meta: { ...readAll, title: 'nav:sazonalities' },
    page: SazonalityEdit,
  },

  // Catch-all not-found pages (`/:error`), for one segment and for any depth.
  {
    path: '/:error',
    name: 'error',
    meta: { layout: 'blank', public: true, title: 'errors.notFound.title' },
    page: NotFound,
  },
  {
    path: '*',
    meta: { layout: 'blank', public: true, title: 'errors.notFound.title' },
    page: NotFound,
  },
];
