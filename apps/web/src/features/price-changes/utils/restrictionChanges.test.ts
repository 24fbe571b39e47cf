import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { formattersFor } from '@/lib/intl';
import { describeChange } from './restrictionChanges';

const open = {
  minStay: 3,
  maxStay: null,
  closedToArrival: false,
  closedToDeparture: false,
  orphan: false,
};
const reason = (steps: { step: 'orphan'; was: number | null; now: number | null }[]) => ({
  text: 'server words',
  steps: steps.map((s) => ({ ...s, label: '', refId: null })),
});

describe('a change’s reason with its restrictions', () => {
  beforeEach(() => changeLanguage('en'));
  afterEach(() => changeLanguage('pt'));
  const words = (change: Parameters<typeof describeChange>[3]) =>
    describeChange(i18n.t.bind(i18n), formattersFor('en'), 'EUR', change);

  it('names only the restrictions of a restriction-only change', () => {
    expect(
      words({
        reason: reason([]),
        oldRestrictions: open,
        newRestrictions: { ...open, closedToArrival: true },
      }),
    ).toBe('Closed to arrival: yes (was no)');
  });

  it('adds the restrictions after the price’s steps', () => {
    const text = words({
      reason: reason([{ step: 'orphan', was: null, now: -15 }]),
      oldRestrictions: open,
      newRestrictions: { ...open, minStay: 1, orphan: true },
    });
    expect(text).toBe('Orphan night: -€15; Minimum stay: 1 (was 3); Orphan night: yes (was no)');
  });

  it('says nothing of restrictions unknown on one side', () => {
    expect(words({ reason: reason([]), oldRestrictions: null, newRestrictions: open })).toBe(
      'server words',
    );
  });
});
