import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { defaultPageSize } from './pageSize';

/**
 * How a list page keeps its filters in the address bar: `read` takes them from the parameters
 * (anything missing or unknown: the page's first view), `write` gives each parameter's value, or
 * undefined where the first view needs none. One constant per page, outside the component.
 */
export interface ListViewCodec<F extends object> {
  read: (params: URLSearchParams) => F;
  write: (filters: F) => Record<string, string | undefined>;
  /** The page sizes the API takes; the table's default size if it is among them, else the first. */
  pageSizes: readonly number[];
}

/** A list's view: its filters, the page (from 0, as the table counts) and the page's size. */
export type ListView<F extends object> = F & { page: number; pageSize: number };

const day = /^\d{4}-\d{2}-\d{2}$/;
/** A `YYYY-MM-DD` parameter, or '' when it is missing or not a day. */
export function dayParam(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  return value !== null && day.test(value) ? value : '';
}

/** A `a,b` list parameter, keeping the values `known` has. */
export function listParam<T extends string>(
  params: URLSearchParams,
  name: string,
  known: readonly T[],
): T[] {
  return (params.get(name) ?? '')
    .split(',')
    .filter((value): value is T => (known as readonly string[]).includes(value));
}

const firstSize = ({ pageSizes }: { pageSizes: readonly number[] }) =>
  pageSizes.includes(defaultPageSize) ? defaultPageSize : pageSizes[0]!;

function readView<F extends object>(codec: ListViewCodec<F>, params: URLSearchParams) {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    ...codec.read(params),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: codec.pageSizes.includes(size) ? size : firstSize(codec),
  } as ListView<F>;
}

/** The view into the address bar, keeping the parameters the list does not own. */
function writeView<F extends object>(
  codec: ListViewCodec<F>,
  view: ListView<F>,
  current: URLSearchParams,
) {
  const { page, pageSize, ...filters } = view;
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(codec.write(filters as unknown as F))) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  if (page > 0) params.set('page', String(page + 1));
  else params.delete('page');
  if (pageSize !== firstSize(codec)) params.set('size', String(pageSize));
  else params.delete('size');
  return params;
}

/**
 * A list page's filters, page and page size, kept in the address bar (a reload, the back button
 * or a shared link shows the same list): `?<the codec's parameters>&page&size`. Any change but
 * the page or its size goes back to the first page.
 */
export function useListView<F extends object>(codec: ListViewCodec<F>) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(codec, params), [codec, params]);
  const update = useCallback(
    (patch: Partial<ListView<F>>) =>
      setParams(
        (current) => {
          const filtered = Object.keys(patch).some((key) => key !== 'page' && key !== 'pageSize');
          const next = { ...readView(codec, current), ...(filtered ? { page: 0 } : {}), ...patch };
          return writeView(codec, next, current);
        },
        { replace: true },
      ),
    [codec, setParams],
  );
  return { view, update };
}
