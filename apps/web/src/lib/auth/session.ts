import { useSyncExternalStore } from 'react';
import type { TAbilityRule, TMembership, TPlanId, TRole } from '@tarifa/contract';
import { readJson, storageKeys, writeJson } from '../storage';

/** The user as cached in localStorage under `userData`. */
interface StoredUser {
  uuid: string;
  name: string;
  email?: string;
  profile_img_filename: string | null;
  roles: TRole[];
  language?: string;
  /** The subscription plan (absent in a copy stored before plans existed). */
  plan?: TPlanId;
  /** The properties the user is a team member of, and the role on each. */
  memberships?: TMembership[];
}

export interface Session {
  accessToken: string | null;
  userData: StoredUser | null;
  userAbilityRules: TAbilityRule[];
}

const listeners = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  return {
    accessToken: localStorage.getItem(storageKeys.accessToken),
    userData: readJson<StoredUser>(storageKeys.userData),
    userAbilityRules: readJson<TAbilityRule[]>(storageKeys.userAbilityRules) ?? [],
  };
}

function changed() {
  snapshot = read();
  listeners.forEach((listener) => listener());
}

// Another tab signing in or out changes this one too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values(storageKeys).includes(event.key as never)) changed();
});

export function getSession(): Session {
  return snapshot;
}

/** Authenticated means both `userData` and `accessToken` are stored. */
export function isAuthenticated(session: Session = snapshot): boolean {
  return Boolean(session.accessToken && session.userData);
}

export function saveSession(session: {
  accessToken: string;
  userData: StoredUser;
  userAbilityRules: TAbilityRule[];
}) {
  localStorage.setItem(storageKeys.accessToken, session.accessToken);
  writeJson(storageKeys.userData, session.userData);
  writeJson(storageKeys.userAbilityRules, session.userAbilityRules);
  changed();
}

/** Keeps the cached user (and, when given, the rules that follow from it) current. */
export function updateStoredUser(userData: StoredUser, userAbilityRules?: TAbilityRule[]) {
  writeJson(storageKeys.userData, userData);
  if (userAbilityRules) writeJson(storageKeys.userAbilityRules, userAbilityRules);
  changed();
}

export function clearSession() {
  localStorage.removeItem(storageKeys.accessToken);
  localStorage.removeItem(storageKeys.userData);
  localStorage.removeItem(storageKeys.userAbilityRules);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}
