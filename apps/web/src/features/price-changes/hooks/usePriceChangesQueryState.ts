import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  priceChangeLimits,
  priceChangeReasonSteps,
  priceChangeStatuses,
  type TPriceChangeReasonStep,
  type TPriceChangeStatus,
  type TPriceChangesQuery,
} from '@tarifa/contract';
import { defaultPageSize, pageSizes } from '@/components/DataTable';

export interface PriceChangeFilters {
  /** Empty: every status. */
  status: TPriceChangeStatus[];
  roomUuid: string;
  from: string;
  to: string;
  step: TPriceChangeReasonStep | '';
}

export interface PriceChangesView extends PriceChangeFilters {
  /** From 0, as the table counts. */
  page: number;
  pageSize: number;
}

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const serverSizes = pageSizes.filter((size) => size <= priceChangeLimits.pageSizeMax);

/** What the page shows first: the changes waiting for the owner. */
export const defaultFilters: PriceChangeFilters = {
  status: ['pending'],
  roomUuid: '',
  from: '',
  to: '',
  step: '',
};

/** The view in the address bar: `?status&room&from&to&step&page&size` (no status: pending only). */
function read(params: URLSearchParams): PriceChangesView {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const status = params.get('status');
  const step = params.get('step') as TPriceChangeReasonStep | null;
  return {
    status:
      status === null
        ? defaultFilters.status
        : status
            .split(',')
            .filter((s): s is TPriceChangeStatus =>
              (priceChangeStatuses as readonly string[]).includes(s),
            ),
    roomUuid: params.get('room') ?? '',
    from: isDate(params.get('from')) ? params.get('from')! : '',
    to: isDate(params.get('to')) ? params.get('to')! : '',
    step: step && priceChangeReasonSteps.includes(step) ? step : '',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: (serverSizes as readonly number[]).includes(size) ? size : defaultPageSize,
  };
}

function write(view: PriceChangesView): URLSearchParams {
  const params = new URLSearchParams();
  const isDefault =
    view.status.length === defaultFilters.status.length &&
    view.status.every((s) => defaultFilters.status.includes(s));
  if (!isDefault) params.set('status', view.status.length ? view.status.join(',') : 'all');
  if (view.roomUuid) params.set('room', view.roomUuid);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.step) params.set('step', view.step);
  if (view.page > 0) params.set('page', String(view.page + 1));
  if (view.pageSize !== defaultPageSize) params.set('size', String(view.pageSize));
  return params;
}

/** Whether the filters differ from what the page shows first. */
export function isDefaultView(filters: PriceChangeFilters): boolean {
  return (
    filters.status.length === 1 &&
    filters.status[0] === 'pending' &&
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
 * The price-changes list's filters and page, kept in the address bar (a reload, the back button or
 * a shared link shows the same list). Changing a filter goes back to the first page.
 */
export function usePriceChangesQueryState() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => read(params), [params]);

  const update = useCallback(
    (patch: Partial<PriceChangesView>) =>
      setParams(
        (current) => {
          const now = read(current);
          const filterChanged = Object.keys(patch).some((key) => key in defaultFilters);
          return write({ ...now, ...(filterChanged ? { page: 0 } : {}), ...patch });
        },
        { replace: true },
      ),
    [setParams],
  );

  const query = useMemo<TPriceChangesQuery>(
    () => ({ ...filterOf(view), page: view.page + 1, pageSize: view.pageSize }),
    [view],
  );

  return { view, query, update, serverSizes };
}
