import { useMemo } from 'react';
import {
  bookingLimits,
  bookingSortFields,
  bookingStatuses,
  type TBookingSortField,
  type TBookingStatus,
  type TBookingsQueryInput,
} from '@tarifa/contract';
import { pageSizes } from '@/components/DataTable';
import {
  dayParam,
  listParam,
  useListView,
  type ListView,
  type ListViewCodec,
} from '@/components/list/useListView';

export interface BookingFilters {
  from: string;
  to: string;
  status: TBookingStatus[];
  channel: string;
  roomUuid: string;
  search: string;
}

interface BookingsOrder {
  sort: TBookingSortField;
  order: 'asc' | 'desc';
}

export type BookingsView = ListView<BookingFilters & BookingsOrder>;

/** The view in the address bar: `?from&to&status&channel&room&q&sort&order` (and page, size). */
const codec: ListViewCodec<BookingFilters & BookingsOrder> = {
  read: (params) => {
    const sort = params.get('sort') as TBookingSortField | null;
    return {
      from: dayParam(params, 'from'),
      to: dayParam(params, 'to'),
      status: listParam(params, 'status', bookingStatuses),
      channel: params.get('channel') ?? '',
      roomUuid: params.get('room') ?? '',
      search: params.get('q') ?? '',
      sort: sort && bookingSortFields.includes(sort) ? sort : 'arrival',
      order: params.get('order') === 'asc' ? 'asc' : 'desc',
    };
  },
  write: (view) => ({
    from: view.from,
    to: view.to,
    status: view.status.join(','),
    channel: view.channel,
    room: view.roomUuid,
    q: view.search,
    sort: view.sort === 'arrival' ? undefined : view.sort,
    order: view.order === 'desc' ? undefined : view.order,
  }),
  pageSizes: pageSizes.filter((size) => size <= bookingLimits.pageSizeMax),
};

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
 * The bookings list's filters, order and page, kept in the address bar (`useListView`), and the
 * query the API takes for them.
 */
export function useBookingsQueryState() {
  const { view, update } = useListView(codec);
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
  return { view, query, update, serverSizes: codec.pageSizes };
}
