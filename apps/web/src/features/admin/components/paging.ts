import { useState } from 'react';
import type { Formatters } from '@/lib/intl';

/** The page sizes of the admin lists (the API answers at most 100 a page). */
export const adminPageSizes = [10, 25, 50, 100] as const;

/**
 * The table's page (0-based) and size, and the API's (`page` from 1); back to the first page
 * whenever `filters` change.
 */
export function useAdminPaging(filters: object) {
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, page: 0, pageSize: 25 });
  const current = state.key === key ? state : { key, page: 0, pageSize: state.pageSize };
  return {
    model: { page: current.page, pageSize: current.pageSize },
    setModel: (model: { page: number; pageSize: number }) => setState({ key, ...model }),
    query: { page: current.page + 1, pageSize: current.pageSize },
  };
}

export type AdminPaging = ReturnType<typeof useAdminPaging>;

/** An ISO instant as a short date and time, or undefined when there is none. */
export const whenOf = (intl: Formatters) => (iso: string | null) =>
  iso ? intl.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : undefined;
