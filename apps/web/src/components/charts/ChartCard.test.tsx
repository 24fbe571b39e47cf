import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderWithBusinesses, setupUser } from '@/testing';
import { ChartCard, type LoadState } from './ChartCard';
import { EChart } from './EChart';

const loaded: LoadState = { isPending: false, isError: false, error: null, refetch: () => {} };
const table = () => ({
  header: ['night', 'room type', 'revenue'],
  rows: [
    ['2026-08-15', '=HYPERLINK("http://evil.test")', 120.5],
    ['2026-08-16', 'Suite, sea view', -3],
    ['2026-08-17', '@Quarto', null],
  ],
});

/** The files the page saved, as the blobs written. */
let saved: Blob[];
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(async () => {
  await changeLanguage('en');
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:chart';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

describe('a chart card', () => {
  it('exports its figures as CSV: BOM, quoted commas, formulas kept as text', async () => {
    renderWithBusinesses(
      <ChartCard title="Revenue" fileName="revenue-2026" load={loaded} table={table}>
        {() => <p>the chart</p>}
      </ChartCard>,
    );
    await setupUser().click(
      screen.getByRole('button', { name: 'Download the data of “Revenue” (CSV)' }),
    );
    expect(saved).toHaveLength(1);
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFnight,room type,revenue\r\n' +
        `2026-08-15,"'=HYPERLINK(""http://evil.test"")",120.5\r\n` +
        '2026-08-16,"Suite, sea view",-3\r\n' +
        "2026-08-17,'@Quarto,\r\n",
    );
  });

  it('describes its chart for screen readers and offers it as an image', async () => {
    renderWithBusinesses(
      <ChartCard title="Occupancy" fileName="occupancy" load={loaded} table={table}>
        {() => (
          <EChart
            description="Occupancy of the next 30 nights: 64% on average"
            option={{ xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [] }}
          />
        )}
      </ChartCard>,
    );
    expect(
      screen.getByRole('img', { name: 'Occupancy of the next 30 nights: 64% on average' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Download the chart “Occupancy” (PNG)' }),
    ).toBeEnabled();
  });

  it('shows a skeleton while loading, then the error with Try again', async () => {
    const refetch = vi.fn();
    const { rerender } = renderWithBusinesses(
      <ChartCard title="Revenue" fileName="r" load={{ ...loaded, isPending: true }} table={table}>
        {() => <p>the chart</p>}
      </ChartCard>,
    );
    expect(screen.getByRole('status', { name: 'Loading the figures…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /CSV/ })).not.toBeInTheDocument();

    rerender(
      <ChartCard title="Revenue" fileName="r" load={{ ...loaded, isError: true, refetch }}>
        {() => <p>the chart</p>}
      </ChartCard>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The figures could not be loaded.');
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.queryByText('the chart')).not.toBeInTheDocument();
  });

  it('says there are no bookings in the period, with the way to import them', () => {
    renderWithBusinesses(
      <ChartCard title="Revenue" fileName="r" load={loaded} empty table={table}>
        {() => <p>the chart</p>}
      </ChartCard>,
    );
    expect(screen.getByText('No bookings in this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import bookings' })).toHaveAttribute(
      'href',
      '/pricing-central/bookings/import',
    );
    expect(screen.queryByRole('button', { name: /CSV/ })).not.toBeInTheDocument();
  });
});
