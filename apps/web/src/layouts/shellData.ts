import type { UseQueryOptions } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/features/auth/api/currentUser';

type AnyQuery = UseQueryOptions<unknown, Error, unknown, readonly unknown[]>;

const extra: AnyQuery[] = [];

/**
 * Data the default layout loads before it shows the page (the user and the businesses, before
 * it is shown), a skeleton meanwhile. The user is always among them; features
 * add theirs at module load from `app/extensions.ts`, e.g. the businesses list:
 *
 * ```ts
 * registerShellQuery(businessesQueryOptions);
 * ```
 */
export function registerShellQuery<T extends { queryKey: readonly unknown[] }>(options: T): void {
  extra.push(options as unknown as AnyQuery);
}

export function shellQueries(): AnyQuery[] {
  return [currentUserQueryOptions as unknown as AnyQuery, ...extra];
}
