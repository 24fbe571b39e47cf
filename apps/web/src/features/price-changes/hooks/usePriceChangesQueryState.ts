import { useMemo } from 'react';
import {
  priceChangeLimits,
  priceChangeReasonSteps,
  priceChangeStatuses,
  type TPriceChangeReasonStep,
  type TPriceChangeStatus,
  type TPriceChangesQuery,
} from '@tarifa/contract';
import { pageSizes } from '@/components/DataTable';
import {
  dayParam,
  listParam,
  useListView,
  type ListView,
  type ListViewCodec,
} from '@/components/list/useListView';

export interface PriceChangeFilters {
  /** Empty: every status. */
  status: TPriceChangeStatus[];
  roomUuid: string;
  from: string;
  to: string;
  step: TPriceChangeReasonStep | '';
}

export type PriceChangesView = ListView<PriceChangeFilters>;

/** What the page shows first: the changes waiting for the owner. */
export const defaultFilters: PriceChangeFilters = {
  status: ['pending'],
  roomUuid: '',
  from: '',
  to: '',
  step: '',
};

const isDefaultStatus = (status: readonly TPriceChangeStatus[]) =>
  status.length === defaultFilters.status.length &&
  status.every((s) => defaultFilters.status.includes(s));

/** The view in the address bar: `?status&room&from&to&step` (no status: pending only; `all`). */
const codec: ListViewCodec<PriceChangeFilters> = {
  read: (params) => {
    const step = params.get('step') as TPriceChangeReasonStep | null;
    return {
      status:
        params.get('status') === null
          ? defaultFilters.status
          : listParam(params, 'status', priceChangeStatuses),
      roomUuid: params.get('room') ?? '',
      from: dayParam(params, 'from'),
      to: dayParam(params, 'to'),
      step: step && priceChangeReasonSteps.includes(step) ? step : '',
    };
  },
  write: (filters) => ({
    status: isDefaultStatus(filters.status)
      ? undefined
      : filters.status.length
        ? filters.status.join(',')
        : 'all',
    room: filters.roomUuid,
    from: filters.from,
    to: filters.to,
    step: filters.step,
  }),
  pageSizes: pageSizes.filter((size) => size <= priceChangeLimits.pageSizeMax),
};

/** Whether the filters differ from what the page shows first. */
export function isDefaultView(filters: PriceChangeFilters): boolean {
  return (
    isDefaultStatus(filters.status) &&
    !filters.roomUuid &&
    !filters.from &&
    !filters.to &&
    !filters.step
  );
}

/** The filters as the API takes them (`{filter}` of a bulk decision, the CSV export). */
export function filterOf(filters: PriceChangeFilters) {
  return {
    status: filters.status.length ? filters.status : undefined,
    roomUuid: filters.roomUuid || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    step: filters.step || undefined,
  };
}

/**
 * The price-changes list's filters and page, kept in the address bar (`useListView`), and the
 * query the API takes for them.
 */
export function usePriceChangesQueryState() {
  const { view, update } = useListView(codec);
  const query = useMemo<TPriceChangesQuery>(
    () => ({ ...filterOf(view), page: view.page + 1, pageSize: view.pageSize }),
    [view],
  );
  return { view, query, update, serverSizes: codec.pageSizes };
}
