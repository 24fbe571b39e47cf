import { locales } from '@tarifa/contract';
import { describe, expect, it } from 'vitest';
import { phrases, reasonText, type ReasonItem } from './reason-text';

/** A season that now adds €20 instead of €10, and a base price up from €90 to €100. */
const moved: ReasonItem[] = [
  { step: 'season', label: 'Summer', was: 1000, now: 2000 },
  { step: 'base', label: '', was: 9000, now: 10000 },
];
/** A lead-time rule newly applying, and a weekday rule that no longer does. */
const appeared: ReasonItem[] = [
  { step: 'lead_time', label: '', was: null, now: -500 },
  { step: 'weekday', label: '', was: 800, now: null },
];
const eur = (locale: (typeof locales)[number]) => ({
  locale,
  currency: 'EUR',
  firstPublication: false,
});
/**
 * Intl puts narrow no-break spaces and direction marks in some languages, and names and amounts
 * are isolated (FSI … PDI, see the Arabic test): compared as spaces and without the marks.
 */
const plain = (text: string) =>
  text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');
/** What a reason says outside its isolated parts (names, amounts). */
const outsideIsolates = (text: string) => text.replace(/\u2068[^\u2069]*\u2069/g, '');

describe('the reason of a price change in words', () => {
  it('names the market median and how many competitors it came from', () => {
    // The market step raised a price to 135.00 around a median of 150.00 from 3 competitors.
    const market: ReasonItem[] = [
      {
        step: 'market',
        label: '',
        was: null,
        now: 3500,
        market: { median: 15000, competitors: 3 },
      },
    ];
    expect(plain(reasonText(market, eur('en')))).toBe(
      'Market prices (median €150.00, 3 competitors): +€35.00',
    );
    expect(plain(reasonText(market, eur('pt')))).toBe(
      'Preços do mercado (mediana € 150,00, 3 concorrentes): +€ 35,00',
    );
    const one: ReasonItem[] = [{ ...market[0]!, market: { median: 15000, competitors: 1 } }];
    expect(plain(reasonText(one, eur('en')))).toBe(
      'Market prices (median €150.00, 1 competitor): +€35.00',
    );
  });

  it('in English', () => {
    // Names and amounts set apart with isolates (FSI U+2068 … PDI U+2069), in every language.
    expect(reasonText(moved, eur('en'))).toBe(
      'Season “\u2068Summer\u2069”: \u2068+€20.00\u2069 (was \u2068+€10.00\u2069) · ' +
        'Base price \u2068€100.00\u2069 (was \u2068€90.00\u2069)',
    );
    expect(plain(reasonText(appeared, eur('en')))).toBe(
      'Booked ahead: -€5.00 · Day of the week: no longer applies (was +€8.00)',
    );
    expect(reasonText(moved, { ...eur('en'), firstPublication: true })).toBe(
      'First price for the night',
    );
  });

  it('in Portuguese', () => {
    expect(plain(reasonText(moved, eur('pt')))).toBe(
      'Sazonalidade “Summer”: +€ 20,00 (era +€ 10,00) · Preço base € 100,00 (era € 90,00)',
    );
    expect(plain(reasonText(appeared, eur('pt')))).toBe(
      'Antecedência: -€ 5,00 · Dia da semana: já não se aplica (era +€ 8,00)',
    );
    expect(reasonText([], { ...eur('pt'), firstPublication: true })).toBe(
      'Primeiro preço da noite',
    );
  });

  it('in French', () => {
    expect(plain(reasonText(moved, eur('fr')))).toBe(
      'Saison « Summer » : +20,00 € (avant +10,00 €) · Prix de base 100,00 € (avant 90,00 €)',
    );
    expect(plain(reasonText(appeared, eur('fr')))).toBe(
      'Réservé à l’avance : -5,00 € · Jour de la semaine : ne s’applique plus (avant +8,00 €)',
    );
    expect(reasonText([], { ...eur('fr'), firstPublication: true })).toBe(
      'Premier prix de la nuit',
    );
  });

  it('in Arabic', () => {
    expect(plain(reasonText(moved, eur('ar')))).toBe(
      'الموسم «Summer»: +20.00 € (كان +10.00 €) · السعر الأساسي 100.00 € (كان 90.00 €)',
    );
    expect(plain(reasonText(appeared, eur('ar')))).toBe(
      'الحجز المسبق: -5.00 € · يوم الأسبوع: لم يعد ينطبق (كان +8.00 €)',
    );
    expect(reasonText([], { ...eur('ar'), firstPublication: true })).toBe('أول سعر لهذه الليلة');
  });

  it('in Arabic, keeps a Latin name and the amounts each in its own direction', () => {
    // Without isolates, "Summer" and "+20.00 €" join the bidi runs around them and come out
    // scrambled in a right-to-left line; isolated, only Arabic words stay outside them.
    const events: ReasonItem[] = [
      { step: 'event', label: 'Festival MEO 2026', was: 1500, now: 2500 },
      { step: 'season', label: 'Summer', was: null, now: 2000 },
    ];
    const text = reasonText(events, eur('ar'));
    expect(text).toContain('«\u2068Festival MEO 2026\u2069»');
    expect(text).toContain('«\u2068Summer\u2069»');
    expect(outsideIsolates(text)).not.toMatch(/[A-Za-z0-9€]/);
    expect(plain(outsideIsolates(text))).toBe('مناسبة «»:  (كان ) · الموسم «»: ');
  });

  it('in the business currency', () => {
    expect(
      reasonText([{ step: 'base', label: '', was: null, now: 12345 }], {
        locale: 'en',
        currency: 'USD',
        firstPublication: false,
      }),
    ).toBe('Base price \u2068$123.45\u2069');
  });

  it('has every phrase in every language', () => {
    for (const locale of locales) {
      expect(phrases[locale].changesHeader).toHaveLength(13);
      expect(phrases[locale].pricesHeader).toHaveLength(12);
      for (const word of Object.values(phrases[locale].steps)) expect(word).not.toBe('');
    }
  });
});
