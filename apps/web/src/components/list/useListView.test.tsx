import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dayParam, listParam, useListView, type ListViewCodec } from './useListView';

interface Filters {
  from: string;
  kinds: ('a' | 'b')[];
}
const codec: ListViewCodec<Filters> = {
  read: (params) => ({
    from: dayParam(params, 'from'),
    kinds: listParam(params, 'kind', ['a', 'b']),
  }),
  write: (filters) => ({ from: filters.from, kind: filters.kinds.join(',') }),
  pageSizes: [10, 25],
};

function render(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListView(codec), search: useLocation().search }), {
    wrapper,
  });
}

describe('a list view in the address bar', () => {
  it('reads the filters, the page (from 0) and its size, ignoring what is not valid', () => {
    const { result } = render('/list?from=2026-02-01&kind=b,x&page=3&size=25');
    expect(result.current.list.view).toEqual({
      from: '2026-02-01',
      kinds: ['b'],
      page: 2,
      pageSize: 25,
    });
    const odd = render('/list?from=yesterday&page=-1&size=7');
    expect(odd.result.current.list.view).toEqual({ from: '', kinds: [], page: 0, pageSize: 10 });
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const { result } = render('/list?tab=audit&kind=a&page=3');
    act(() => result.current.list.update({ page: 4 }));
    expect(result.current.search).toBe('?tab=audit&kind=a&page=5');
    act(() => result.current.list.update({ kinds: [] }));
    // A parameter the list does not own stays; what the first view needs none of is left out.
    expect(result.current.search).toBe('?tab=audit');
    act(() => result.current.list.update({ from: '2026-05-01', pageSize: 25 }));
    expect(result.current.search).toBe('?tab=audit&from=2026-05-01&size=25');
  });
});
