/** Pages a signed-in user cannot stay on; sending them there after sign-in would loop. */
const guestOnlyPaths = ['/login', '/register', '/forgot-password', '/reset-password'];

/**
 * The `to` query parameter as a path of this site, or `fallback` when it is missing or could lead
 * elsewhere (`//evil.example`, `https://…`, `/\evil`, `javascript:`…).
 */
export function safeRedirect(to: string | null | undefined, fallback = '/'): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  try {
    const { origin } = window.location;
    const url = new URL(to, origin);
    if (url.origin !== origin || guestOnlyPaths.includes(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
