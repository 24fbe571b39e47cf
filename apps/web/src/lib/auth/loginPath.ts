/**
 * The sign-in page for a guest who asked for `location`: with the page in `to`, where signing in
 * brings them back (`/` needs none). The route guard sends a guest there, and so does a request
 * that met a 401 (a session that ended or was revoked elsewhere), so either way the owner signs
 * in again onto the page they were on.
 */
export function loginPathFor(location: { pathname: string; search: string; hash: string }) {
  if (location.pathname === '/' || location.pathname === '/login') return '/login';
  const to = `${location.pathname}${location.search}${location.hash}`;
  return `/login?${new URLSearchParams({ to })}`;
}
