import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBusiness, TPricePreviewBody, TPricePreviewResponse } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { usePricePreview } from '@/api/prices';
import { aBusiness, doubleRoom as double, json, renderWithBusinesses, setupUser } from '@/testing';
import { PricePreviewSummary } from './PricePreviewSummary';

const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ');

const moved: TPricePreviewResponse = {
  from: '2026-06-01',
  to: '2027-06-01',
  changes: [{ date: '2026-08-15', roomUuid: double.uuid, before: 120, after: 150 }],
  summary: {
    cellsChanged: 60,
    nightsChanged: 42,
    averageChangePercent: 8,
    largest: {
      date: '2026-08-15',
      roomUuid: double.uuid,
      before: 120,
      after: 150,
      changePercent: 25,
    },
  },
};
const unchanged: TPricePreviewResponse = {
  from: '2026-06-01',
  to: '2027-06-01',
  changes: [],
  summary: { cellsChanged: 0, nightsChanged: 0, averageChangePercent: 0, largest: null },
};

beforeEach(() => changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

/** A form in miniature: nothing to preview until its change is filled in. */
function Harness({ business, change }: { business: TBusiness; change: TPricePreviewBody }) {
  const [body, setBody] = useState<TPricePreviewBody | null>(null);
  const preview = usePricePreview(business, body);
  return (
    <>
      <button onClick={() => setBody(change)}>fill in</button>
      <PricePreviewSummary preview={preview.data} loading={preview.isFetching} />
    </>
  );
}

describe('the price preview summary', () => {
  it('says how many nights change, the average and the largest change, in the active language', async () => {
    renderWithBusinesses(<PricePreviewSummary preview={moved} />);
    expect(plain(screen.getByRole('status').textContent)).toBe(
      'Nights that change: 42 · average +8% · largest +25% on 15 Aug',
    );
    await act(() => changeLanguage('fr'));
    expect(plain(screen.getByRole('status').textContent)).toBe(
      'Nuits qui changent : 42 · moyenne +8 % · plus forte +25 % le 15 août',
    );
  });

  it('says when nothing changes, and while it is working', () => {
    const { rerender } = renderWithBusinesses(<PricePreviewSummary preview={unchanged} />);
    expect(screen.getByRole('status')).toHaveTextContent('No price changes.');
    rerender(<PricePreviewSummary preview={undefined} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Working out the effect on prices…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('asks the API with the change, only once there is one', async () => {
    const business = aBusiness();
    const fetchMock = vi.fn(async () => json(200, moved));
    vi.stubGlobal('fetch', fetchMock);
    const body: TPricePreviewBody = {
      change: { kind: 'deleteSazonality', id: 'summer' },
      from: '2026-08-01',
      to: '2026-08-31',
    };
    renderWithBusinesses(<Harness business={business} change={body} />, [business]);
    expect(screen.getByRole('status')).toHaveTextContent('The effect on prices shows here.');
    expect(fetchMock).not.toHaveBeenCalled();

    await setupUser().click(screen.getByRole('button', { name: 'fill in' }));
    await waitFor(() =>
      expect(plain(screen.getByRole('status').textContent)).toContain('Nights that change: 42'),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/v1/businesses/${business.uuid}/prices/preview`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });
});
