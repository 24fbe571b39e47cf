import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  useLocation,
  useMatches,
  type RouteObject,
} from 'react-router';
import { useAbility } from '@casl/react';
import { PageLoader } from '@/components/PageLoader';
import BlankLayout from '@/layouts/BlankLayout';
import type { AppAbility } from '@/lib/auth/ability';
import { loadSignedInTranslations } from '@/lib/i18n';
import { useSession } from '@/lib/auth/session';
import { guard, homeFor } from './guard';
import { appRoutes, type AppRoute, type RouteMeta } from './routes';

// The signed-in shell (menus, search, notifications, tour) loads with the first page that needs it,
// and with it what features plug into it (`./extensions`) and the translations the guest pages do
// without: the sign-in page loads none of them.
const DefaultLayout = lazy(async () => {
  const [layout] = await Promise.all([
    import('@/layouts/DefaultLayout'),
    import('./extensions'),
    loadSignedInTranslations(),
  ]);
  return layout;
});

function RootRedirect() {
  const session = useSession();
  const { search } = useLocation();
  return <Navigate to={homeFor(session, search)} replace />;
}

/** Applies the guard to the matched route, then renders its layout around the lazy page. */
function GuardedLayout({ layout }: { layout: RouteMeta['layout'] }) {
  const matches = useMatches();
  const meta = matches.at(-1)?.handle as RouteMeta | undefined;
  const location = useLocation();
  const session = useSession();
  const ability = useAbility<AppAbility>();
  const { t } = useTranslation();
  const title = meta ? t(meta.title) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);

  const outcome = meta ? guard(meta, location, session, ability) : { allow: true as const };
  if (!outcome.allow) return <Navigate to={outcome.redirect} replace />;
  const Layout = layout === 'blank' ? BlankLayout : DefaultLayout;
  return (
    <Suspense fallback={<PageLoader />}>
      <Layout>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Layout>
    </Suspense>
  );
}

function toRouteObject({ path, meta, page: Page, name }: AppRoute): RouteObject {
  return { path, id: name ?? path, handle: meta, element: <Page /> };
}

export function useAppRouter() {
  return useMemo(
    () =>
      createBrowserRouter([
        { path: '/', element: <RootRedirect /> },
        {
          element: <GuardedLayout layout="blank" />,
          children: appRoutes.filter((r) => r.meta.layout === 'blank').map(toRouteObject),
        },
        {
          element: <GuardedLayout layout="default" />,
          children: appRoutes.filter((r) => r.meta.layout === 'default').map(toRouteObject),
        },
      ]),
    [],
  );
}
