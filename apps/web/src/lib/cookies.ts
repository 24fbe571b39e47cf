/** Layout preferences live in cookies named with the application title as prefix. */
export const cookiePrefix = 'tarifa';

export function readCookie(name: string): string | undefined {
  const key = `${cookiePrefix}-${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(key));
  return found ? decodeURIComponent(found.slice(key.length)) : undefined;
}

export function writeCookie(name: string, value: string): void {
  const oneYear = 60 * 60 * 24 * 365;
  document.cookie = `${cookiePrefix}-${name}=${encodeURIComponent(value)}; path=/; max-age=${oneYear}; samesite=lax`;
}
