import { useMemo } from 'react';
import {
  priceChangeLimits,
  priceChangeReasonSteps,
  priceStages,
  type TPriceChangeReasonStep,
  type TPriceStage,
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
  /** Stages of a price's life; empty: every stage. */
  stage: TPriceStage[];
  roomUuid: string;
  from: string;
  to: string;
  step: TPriceChangeReasonStep | '';
}

export type PriceChangesView = ListView<PriceChangeFilters>;

/** What the page shows first: the changes waiting for the owner. */
export const defaultFilters: PriceChangeFilters = {
  stage: ['waiting'],
  roomUuid: '',
  from: '',
  to: '',
  step: '',
};

/** The stages a change can be in (`recommended` is a night's, before any change). */
export const changeStages = priceStages.filter((stage) => stage !== 'recommended');

const isDefaultStage = (stage: readonly TPriceStage[]) =>
  stage.length === defaultFilters.stage.length &&
  stage.every((s) => defaultFilters.stage.includes(s));

/** The view in the address bar: `?stage&room&from&to&step` (no stage: waiting only; `all`). */
const codec: ListViewCodec<PriceChangeFilters> = {
  read: (params) => {
    const step = params.get('step') as TPriceChangeReasonStep | null;
    return {
      stage:
        params.get('stage') === null
          ? defaultFilters.stage
          : listParam(params, 'stage', changeStages),
      roomUuid: params.get('room') ?? '',
      from: dayParam(params, 'from'),
      to: dayParam(params, 'to'),
      step: step && priceChangeReasonSteps.includes(step) ? step : '',
    };
  },
  write: (filters) => ({
    stage: isDefaultStage(filters.stage)
      ? undefined
      : filters.stage.length
        ? filters.stage.join(',')
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
    isDefaultStage(filters.stage) &&
    !filters.roomUuid &&
    !filters.from &&
    !filters.to &&
    !filters.step
  );
}

/** The filters as the API takes them (`{filter}` of a bulk decision, the CSV export). */
export function filterOf(filters: PriceChangeFilters) {
  return {
    stage: filters.stage.length ? filters.stage : undefined,
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
