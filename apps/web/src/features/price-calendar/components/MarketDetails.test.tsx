import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultTariffSettings } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, aPriceCell, aRoomType, renderWithBusinesses } from '@/testing';
import { MarketDetails } from './MarketDetails';

const room = aRoomType({ basePrice: 100 });
const business = aBusiness({
  tariffConfiguration: {
    roomsTariff: [room],
    settings: {
      ...defaultTariffSettings,
      market: { ...defaultTariffSettings.market, enabled: true, minCompetitors: 3 },
    },
  },
});
const figures = { median: 150, low: 140, high: 160 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe("the market part of a night's explanation", () => {
  it('says a night was left alone for want of competitors, and how many it needs', () => {
    const cell = aPriceCell(room, '2026-07-07', {
      market: { ...figures, competitors: 2, step: 'too_few_competitors' },
    });
    renderWithBusinesses(<MarketDetails cell={cell} currency="EUR" />, [business]);
    expect(screen.getByTestId('market-details')).toHaveTextContent(
      'Left alone: only 2 competitors observed, fewer than the 3 needed.',
    );
  });

  it('names the median, the range and the competitors when the step moved the price', () => {
    const cell = aPriceCell(room, '2026-07-06', {
      recommendedPrice: 135,
      market: { ...figures, competitors: 3, step: 'moved' },
    });
    renderWithBusinesses(<MarketDetails cell={cell} currency="EUR" />, [business]);
    const text = screen.getByTestId('market-details').textContent!.replace(/\s/g, ' ');
    expect(text).toContain('Median €150, from €140 to €160, 3 competitors.');
    expect(text).toContain('The market step brought the price into its band.');
  });

  it('shows nothing on a night no competitor was observed', () => {
    renderWithBusinesses(<MarketDetails cell={aPriceCell(room, '2026-07-08')} currency="EUR" />, [
      business,
    ]);
    expect(screen.queryByTestId('market-details')).toBeNull();
  });
});
