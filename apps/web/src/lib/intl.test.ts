import { describe, expect, it } from 'vitest';
import { formattersFor } from './intl';

/** Intl writes no-break and narrow no-break spaces; the tests read them as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('figures in the region of each language', () => {
  it('pt formats as in Portugal: the euro after the amount, a decimal comma', () => {
    const pt = formattersFor('pt');
    expect(plain(pt.money(1234.5, 'EUR'))).toBe('1234,50 €');
    expect(plain(pt.money(1234567.5, 'EUR'))).toBe('1 234 567,50 €');
    expect(plain(pt.number(0.5, { style: 'percent' }))).toBe('50%');
    expect(
      pt.date(Date.UTC(2026, 7, 15), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    ).toBe('15/08');
  });

  it('en writes the day before the month, fr spaces its thousands, ar keeps Western digits', () => {
    const en = formattersFor('en');
    expect(en.money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(en.date(Date.UTC(2026, 7, 15), { dateStyle: 'medium', timeZone: 'UTC' })).toBe(
      '15 Aug 2026',
    );
    expect(plain(formattersFor('fr').money(1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(formattersFor('ar').money(1234.5, 'EUR')).toMatch(/1,234\.50/);
  });

  it('keeps the app language apart from the region it formats for', () => {
    expect(formattersFor('pt')).toMatchObject({ language: 'pt', locale: 'pt-PT' });
    expect(formattersFor('ar')).toMatchObject({ language: 'ar', locale: 'ar' });
  });

  it('says how long ago in the largest unit that fits, "now" within a minute', () => {
    const now = Date.UTC(2026, 2, 10, 12, 0, 0);
    const en = formattersFor('en');
    expect(en.relative(now - 20_000, now)).toBe('now');
    expect(en.relative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(en.relative(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(en.relative(now - 15 * 86_400_000, now)).toBe('2 weeks ago');
    expect(formattersFor('pt').relative(now - 3 * 3_600_000, now)).toBe('há 3 horas');
  });
});
