import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  bookingLimits,
  bookingSortFields,
  bookingStatuses,
  type TBookingSortField,
  type TBookingStatus,
  type TBookingsQueryInput,
} from '@tarifa/contract';
import { defaultPageSize, pageSizes } from '@/components/DataTable';

export interface BookingFilters {
  from: string;
  to: string;
  status: TBookingStatus[];
  channel: string;
  roomUuid: string;
  search: string;
}

export interface BookingsView extends BookingFilters {
  /** From 0, as the table counts. */
  page: number;
  pageSize: number;
  sort: TBookingSortField;
  order: 'asc' | 'desc';
}

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const serverSizes = pageSizes.filter((size) => size <= bookingLimits.pageSizeMax);

/** The view in the address bar: `?from&to&status&channel&room&q&page&size&sort&order`. */
function read(params: URLSearchParams): BookingsView {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const sort = params.get('sort') as TBookingSortField | null;
  return {
    from: isDate(params.get('from')) ? params.get('from')! : '',
    to: isDate(params.get('to')) ? params.get('to')! : '',
    status: (params.get('status') ?? '')
      .split(',')
      .filter((s): s is TBookingStatus => (bookingStatuses as readonly string[]).includes(s)),
    channel: params.get('channel') ?? '',
    roomUuid: params.get('room') ?? '',
    search: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: (serverSizes as readonly number[]).includes(size) ? size : defaultPageSize,
    sort: sort && bookingSortFields.includes(sort) ? sort : 'arrival',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

function write(view: BookingsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.status.length) params.set('status', view.status.join(','));
  if (view.channel) params.set('channel', view.channel);
  if (view.roomUuid) params.set('room', view.roomUuid);
  if (view.search) params.set('q', view.search);
  if (view.page > 0) params.set('page', String(view.page + 1));
  if (view.pageSize !== defaultPageSize) params.set('size', String(view.pageSize));
  if (view.sort !== 'arrival') params.set('sort', view.sort);
  if (view.order !== 'desc') params.set('order', view.order);
  return params;
}

export const noFilters: BookingFilters = {
  from: '',
  to: '',
  status: [],
  channel: '',
  roomUuid: '',
  search: '',
};

export function hasFilters(filters: BookingFilters): boolean {
  return Boolean(
    filters.from ||
    filters.to ||
    filters.status.length ||
    filters.channel ||
    filters.roomUuid ||
    filters.search,
  );
}

/**
 * The bookings list's filters, page and order, kept in the address bar (a reload, the back button
 * or a shared link shows the same list). Changing a filter goes back to the first page.
 */
export function useBookingsQueryState() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => read(params), [params]);

  const update = useCallback(
    (patch: Partial<BookingsView>) =>
      setParams(
        (current) => {
          const now = read(current);
          const filterChanged = Object.keys(patch).some((key) => key in noFilters);
          return write({ ...now, ...(filterChanged ? { page: 0 } : {}), ...patch });
        },
        { replace: true },
      ),
    [setParams],
  );

  const query = useMemo<TBookingsQueryInput>(
    () => ({
      from: view.from || undefined,
      to: view.to || undefined,
      status: view.status.length ? view.status : undefined,
      channel: view.channel || undefined,
      roomUuid: view.roomUuid || undefined,
      search: view.search.trim() || undefined,
      page: view.page + 1,
      pageSize: view.pageSize,
      sort: view.sort,
      order: view.order,
    }),
    [view],
  );

  return { view, query, update, serverSizes };
}
