import type { Session } from '@/lib/auth/session';
import { isAuthenticated } from '@/lib/auth/session';
import { loginPathFor } from '@/lib/auth/loginPath';
import type { AppAbility } from '@/lib/auth/ability';
import type { RouteMeta } from './routes';

type GuardOutcome = { allow: true } | { allow: false; redirect: string };

/**
 * In this order: public, then guest-only, then the route's permission rule (without `ability`, as
 * on the guest pages, a route that needs one is refused).
 */
export function guard(
  meta: RouteMeta,
  location: { pathname: string; search: string; hash: string },
  session: Session,
  ability?: AppAbility,
): GuardOutcome {
  if (meta.public) return { allow: true };
  const signedIn = isAuthenticated(session);
  if (meta.unauthenticatedOnly) return signedIn ? { allow: false, redirect: '/' } : { allow: true };
  if (signedIn && ability?.can(meta.action ?? 'manage', meta.subject ?? 'all'))
    return { allow: true };
  if (signedIn) return { allow: false, redirect: '/not-authorized' };
  return { allow: false, redirect: loginPathFor(location) };
}

/** Where `/` sends a user: by stored role, keeping the query for guests. */
export function homeFor(session: Session, search: string): string {
  const roles = isAuthenticated(session) ? (session.userData?.roles ?? []) : [];
  if (roles.includes('super-admin')) return '/admin';
  if (roles.includes('client')) return '/dashboards';
  return `/login${search}`;
}
