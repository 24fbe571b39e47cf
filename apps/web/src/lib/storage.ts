/**
 * What the app keeps in localStorage, under exactly these keys. Being signed in means
 * both `userData` and `accessToken` are stored.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  userData: 'userData',
  userAbilityRules: 'userAbilityRules',
  language: 'language',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
