import { currentUserQueryOptions } from '@/features/auth/api/currentUser';
import { registeredShellQueries, type ShellQuery } from '@/lib/shellQueries';

/** What the default layout loads before it shows the page: the user, then what features registered. */
export function shellQueries(): ShellQuery[] {
  return [currentUserQueryOptions as unknown as ShellQuery, ...registeredShellQueries()];
}
