import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing';
import { RestrictionList, RestrictionMarks } from './RestrictionMarks';

const open = {
  minStay: 1,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
};
const marks = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-mark]')].map((m) => m.getAttribute('data-mark'));

describe('a cell’s restriction marks', () => {
  afterEach(() => changeLanguage('pt'));

  it('shows nothing for a cell that restricts nothing', () => {
    const { container } = renderWithProviders(<RestrictionMarks restrictions={open} />);
    expect(marks(container)).toEqual([]);
  });

  it('marks a minimum stay above one night, closed arrival and departure, and an orphan night', () => {
    const { container } = renderWithProviders(
      <RestrictionMarks
        restrictions={{ ...open, minStay: 3, closedToArrival: true, closedToDeparture: true }}
      />,
    );
    expect(marks(container)).toEqual(['min-stay', 'closed-to-arrival', 'closed-to-departure']);
    expect(container.querySelector('[data-mark="min-stay"]')).toHaveTextContent('≥3');

    const orphan = renderWithProviders(
      <RestrictionMarks restrictions={{ ...open, minStay: 1, orphan: true }} />,
    );
    expect(marks(orphan.container)).toEqual(['orphan']);
  });

  it('lists the restrictions in words, in the language in use', async () => {
    await changeLanguage('en');
    renderWithProviders(
      <RestrictionList restrictions={{ ...open, minStay: 1, maxStay: 7, orphan: true }} />,
    );
    const list = screen.getByTestId('cell-restrictions');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Minimum stay: 1 night',
      'Maximum stay: 7 nights',
      'Orphan night: a gap between sold-out nights, its minimum stay relaxed to the gap',
    ]);
  });
});
