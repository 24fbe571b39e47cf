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

// The permissions come with the signed-in pages: the guest ones need none (`AbilityScope`).
const AbilityScope = lazy(() => import('./AbilityScope'));

/**
 * Applies the guard to the matched route, then renders its layout around the lazy page. A guest
 * page's guard needs no permissions (`ability`): it is public or for guests only.
 */
function GuardedLayout({ layout, ability }: { layout: RouteMeta['layout']; ability?: AppAbility }) {
  const matches = useMatches();
  const meta = matches.at(-1)?.handle as RouteMeta | undefined;
  const location = useLocation();
  const session = useSession();
  const { t } = useTranslation();
  const title = meta ? t(meta.title) : '';

  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);

  const outcome = meta ? guard(meta, location, session, ability) : { allow: true as const };
  if (!outcome.allow) return <Navigate to={outcome.redirect} replace />;
  if (layout === 'blank') {
    // A guest page shows with its frame, whose switchers load only then: the sign-in form first.
    return (
      <Suspense fallback={<PageLoader />}>
        <BlankLayout>
          <Outlet />
        </BlankLayout>
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <DefaultLayout>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </DefaultLayout>
    </Suspense>
  );
}

/** The signed-in pages' guard, with the user's permissions. */
function SignedInLayout() {
  return <GuardedLayout layout="default" ability={useAbility<AppAbility>()} />;
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
          element: (
            <Suspense fallback={<PageLoader />}>
              <AbilityScope>
                <SignedInLayout />
              </AbilityScope>
            </Suspense>
          ),
          children: appRoutes.filter((r) => r.meta.layout === 'default').map(toRouteObject),
        },
      ]),
    [],
  );
}
