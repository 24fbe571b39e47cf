import { describe, expect, it } from 'vitest';
import type { TPriceChangeReasonItem } from '@tarifa/contract';
import { formattersFor } from '@/lib/intl';
import { describeChange, reasonStepName } from './reason';

const open = {
  minStay: 3,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
};
const step = (item: Partial<TPriceChangeReasonItem> & Pick<TPriceChangeReasonItem, 'step'>) => ({
  label: '',
  refId: null,
  was: null,
  now: null,
  ...item,
});
/** A change from €90 whose reason is `steps`, with the restrictions `now` proposed (`open` before). */
const change = (steps: TPriceChangeReasonItem[], now = open, oldPrice: number | null = 90) => ({
  oldPrice,
  reason: { text: 'the server’s words', steps },
  oldRestrictions: open,
  newRestrictions: now,
});
/**
 * Intl puts narrow no-break spaces in some languages: compared as spaces; names and amounts come
 * isolated (FSI … PDI, asserted below and in the contract's reason tests): compared without them.
 */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u2068\u2069]/g, '');
/** `describeChange` without the isolates. */
const words = (...args: Parameters<typeof describeChange>) => plain(describeChange(...args));

describe('a change’s reason in words', () => {
  const en = formattersFor('en');

  it('words each step with what it adds now and added before, then the restrictions it moves', () => {
    const steps = [
      step({ step: 'season', label: 'Summer', was: 10, now: 20 }),
      step({ step: 'base', was: 90, now: 100 }),
      step({ step: 'orphan', now: -15 }),
    ];
    expect(words(en, 'EUR', change(steps, { ...open, minStay: 1, orphan: true }))).toBe(
      'Season “Summer”: +€20.00 (was +€10.00) · Base price €100.00 (was €90.00) · ' +
        'Orphan night: -€15.00 · Minimum stay: 1 (was 3) · Orphan night: yes (was no)',
    );
  });

  it('names the market median and its competitors, and a step that no longer applies', () => {
    const steps = [
      step({ step: 'market', now: 35, market: { median: 150, competitors: 3 } }),
      step({ step: 'weekday', was: 8 }),
    ];
    expect(words(en, 'EUR', change(steps))).toBe(
      'Market prices (median €150.00, 3 competitors): +€35.00 · ' +
        'Day of the week: no longer applies (was +€8.00)',
    );
  });

  it('names only the restrictions of a restriction-only change', () => {
    expect(words(en, 'EUR', change([], { ...open, closedToArrival: true }))).toBe(
      'Closed to arrival: yes (was no)',
    );
  });

  it('says a first price is one, and a change with nothing named is recalculated', () => {
    expect(words(en, 'EUR', change([step({ step: 'base', now: 100 })], open, null))).toBe(
      'First price for the night',
    );
    expect(words(en, 'EUR', { ...change([]), newRestrictions: null })).toBe('Recalculated price');
  });

  it('speaks the active language, amounts in its region’s format', () => {
    const fr = formattersFor('fr');
    const steps = [step({ step: 'season', label: 'Été', was: 10, now: 20 })];
    expect(plain(describeChange(fr, 'EUR', change(steps)))).toBe(
      'Saison « Été » : +20,00 € (avant +10,00 €)',
    );
    // The season's name and the amounts set apart, so an Arabic sentence keeps them whole.
    const ar = formattersFor('ar');
    expect(
      describeChange(ar, 'EUR', change([step({ step: 'season', label: 'Summer', now: 20 })])),
    ).toMatch(/^الموسم «\u2068Summer\u2069»: \u2068[^\u2069]*20[^\u2069]*\u2069$/);
    expect(reasonStepName(fr, 'lead_time')).toBe('Réservé à l’avance');
  });
});
