import type { UseQueryOptions } from '@tanstack/react-query';

export type ShellQuery = UseQueryOptions<unknown, Error, unknown, readonly unknown[]>;

const registered: ShellQuery[] = [];

/**
 * Data the default layout loads before it shows the page, a skeleton meanwhile. Features add
 * theirs at module load from their `extensions.ts` (imported by `app/extensions.ts`), e.g. the
 * businesses list:
 *
 * ```ts
 * registerShellQuery(businessesQueryOptions);
 * ```
 */
export function registerShellQuery<T extends { queryKey: readonly unknown[] }>(options: T): void {
  registered.push(options as unknown as ShellQuery);
}

/** The queries features registered, in the order they did. */
export function registeredShellQueries(): ShellQuery[] {
  return [...registered];
}
