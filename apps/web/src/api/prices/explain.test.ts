import { describe, expect, it } from 'vitest';
import type { TRoomTariff } from '@tarifa/contract';
import i18n from '@/lib/i18n';
import { formattersFor } from '@/lib/intl';
import { aPriceCell, aRoomType } from '@/testing';
import { explainCell } from './explain';

const double = aRoomType({ name: 'Quarto duplo', rooms: 10, basePrice: 110, maxPrice: 160 });
/** 30 % full, as the calendar's August fixtures. */
const aCell: typeof aPriceCell = (room, date, overrides) =>
  aPriceCell(room, date, { occupancy: 0.3, roomsSold: 3, roomsAvailable: 10, ...overrides });

const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');
const family: TRoomTariff = {
  ...double,
  uuid: '00000000-0000-4000-8000-0000000000d3',
  name: 'Family',
  derivedFrom: { roomUuid: double.uuid, type: 'amount', value: 30 },
};
const ctx = {
  t: i18n.getFixedT('en'),
  intl: formattersFor('en'),
  currency: 'EUR',
  rooms: [double, family],
  today: '2026-08-01',
};

describe('explainCell', () => {
  it('says a night without steps is at the base price', () => {
    const { chain, lines } = explainCell(ctx, aCell(double, '2026-08-04'), double);
    expect(plain(chain)).toBe('Base €110 → €110');
    expect(lines.map(plain)).toEqual(['Base price, no adjustments: €110']);
  });

  it('names the parent of a derived room type, the lead time, amounts, groups and rounding', () => {
    const cell = aCell(family, '2026-08-13', {
      recommendedPrice: 129,
      breakdown: [
        {
          step: 'derived',
          label: '',
          refId: null,
          before: 110,
          after: 140,
          adjustment: { type: 'amount', value: 30 },
        },
        {
          step: 'occupancy',
          label: 'Busy weeks',
          refId: 'g1',
          before: 140,
          after: 133,
          adjustment: { type: 'percent', value: -5 },
        },
        {
          step: 'lead_time',
          label: '',
          refId: null,
          before: 133,
          after: 126.35,
          adjustment: { type: 'percent', value: -5 },
        },
        { step: 'rounding', label: '', refId: null, before: 126.35, after: 129, adjustment: null },
      ],
    });
    expect(plain(explainCell(ctx, cell, family).chain)).toBe(
      'Base €110 → from Quarto duplo +€30 → occupancy 30% (Busy weeks) -5% → booked 12 days ahead -5% → rounding → €129',
    );
  });

  it('isolates a season named in Latin letters inside an Arabic explanation', () => {
    const ar = { ...ctx, t: i18n.getFixedT('ar'), intl: formattersFor('ar') };
    const cell = aCell(double, '2026-08-13', {
      recommendedPrice: 132,
      breakdown: [
        {
          step: 'season',
          label: 'Summer 2026',
          refId: 's1',
          before: 110,
          after: 132,
          adjustment: { type: 'percent', value: 20 },
        },
      ],
    });
    const { chain, lines } = explainCell(ar, cell, double);
    expect(chain).toContain('\u2068Summer 2026\u2069');
    expect(lines[0]).toMatch(/^\u2068Summer 2026\u2069/);
  });

  it('says a manual price once, in Portuguese too ("preço manual 95 €", not "preço manual preço fixo")', () => {
    const cell = aCell(double, '2026-08-06', {
      recommendedPrice: 95,
      breakdown: [
        {
          step: 'override',
          label: '',
          refId: null,
          before: 110,
          after: 95,
          adjustment: { type: 'price', value: 95 },
        },
      ],
    });
    expect(plain(explainCell(ctx, cell, double).chain)).toBe('Base €110 → manual price €95 → €95');
    const pt = { ...ctx, t: i18n.getFixedT('pt'), intl: formattersFor('pt') };
    expect(plain(explainCell(pt, cell, double).chain)).toBe(
      'Base 110 € → preço manual 95 € → 95 €',
    );
  });

  it('says the occupancy of a business priced on the forecast is forecast', () => {
    const cell = aCell(double, '2026-08-20', {
      recommendedPrice: 132,
      occupancy: 0.6,
      breakdown: [
        {
          step: 'occupancy',
          label: 'Hotel',
          refId: 'g1',
          before: 110,
          after: 132,
          adjustment: { type: 'percent', value: 20 },
          occupancyBasis: 'forecast',
        },
      ],
    });
    expect(plain(explainCell(ctx, cell, double).chain)).toBe(
      'Base €110 → forecast occupancy 60% (Hotel) +20% → €132',
    );
    const pt = { ...ctx, t: i18n.getFixedT('pt'), intl: formattersFor('pt') };
    expect(plain(explainCell(pt, cell, double).chain)).toContain('ocupação prevista 60');
  });

  it('goes on through a rate plan: the plan by name, the guests and their meals as what they add, the stay', () => {
    const cell = aCell(double, '2026-08-20', {
      recommendedPrice: 157,
      ratePlanCode: 'BB',
      guests: 3,
      breakdown: [
        {
          step: 'ratePlan',
          label: 'Bed & breakfast',
          refId: 'p1',
          before: 110,
          after: 110,
          adjustment: { type: 'percent', value: 0 },
        },
        {
          step: 'guests',
          label: '',
          refId: null,
          before: 110,
          after: 135,
          adjustment: { type: 'amount', value: 25 },
          guests: 3,
        },
        {
          step: 'board',
          label: '',
          refId: null,
          before: 135,
          after: 171,
          adjustment: { type: 'amount', value: 12 },
          guests: 3,
        },
        {
          step: 'lengthOfStay',
          label: '',
          refId: null,
          before: 171,
          after: 157.32,
          adjustment: { type: 'percent', value: -8 },
          nights: 7,
        },
        {
          step: 'rounding',
          label: 'Bed & breakfast',
          refId: null,
          before: 157.32,
          after: 157,
          adjustment: null,
        },
      ],
    });
    expect(plain(explainCell(ctx, cell, double).chain)).toBe(
      'Base €110 → Bed & breakfast 0% → 3 guests +€25 → meals for 3 guests +€36 → ' +
        'a stay of 7 nights or more -8% → rounding (Bed & breakfast) → €157',
    );
    const ar = { ...ctx, t: i18n.getFixedT('ar'), intl: formattersFor('ar') };
    expect(plain(explainCell(ar, cell, double).chain)).toContain('وجبات 3 ضيوف');
  });
});
