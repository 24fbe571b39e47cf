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
/** Intl puts narrow no-break spaces and direction marks in some languages: compared as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f]/g, '');

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
    expect(reasonText(market, eur('en'))).toBe(
      'Market prices (median €150.00, 3 competitors): +€35.00',
    );
    expect(plain(reasonText(market, eur('pt')))).toBe(
      'Preços do mercado (mediana € 150,00, 3 concorrentes): +€ 35,00',
    );
    const one: ReasonItem[] = [{ ...market[0]!, market: { median: 15000, competitors: 1 } }];
    expect(reasonText(one, eur('en'))).toBe(
      'Market prices (median €150.00, 1 competitor): +€35.00',
    );
  });

  it('in English', () => {
    expect(reasonText(moved, eur('en'))).toBe(
      'Season “Summer”: +€20.00 (was +€10.00) · Base price €100.00 (was €90.00)',
    );
    expect(reasonText(appeared, eur('en'))).toBe(
      'Booked ahead: -€5.00 · Day of the week: no longer applies (was +€8.00)',
    );
    expect(reasonText(moved, { ...eur('en'), firstPublication: true })).toBe(
      'First published price',
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
      'Primeiro preço publicado',
    );
  });

  it('in French', () => {
    expect(plain(reasonText(moved, eur('fr')))).toBe(
      'Saison « Summer » : +20,00 € (avant +10,00 €) · Prix de base 100,00 € (avant 90,00 €)',
    );
    expect(plain(reasonText(appeared, eur('fr')))).toBe(
      'Réservé à l’avance : -5,00 € · Jour de la semaine : ne s’applique plus (avant +8,00 €)',
    );
    expect(reasonText([], { ...eur('fr'), firstPublication: true })).toBe('Premier prix publié');
  });

  it('in Arabic', () => {
    expect(plain(reasonText(moved, eur('ar')))).toBe(
      'الموسم «Summer»: +20.00 € (كان +10.00 €) · السعر الأساسي 100.00 € (كان 90.00 €)',
    );
    expect(plain(reasonText(appeared, eur('ar')))).toBe(
      'الحجز المسبق: -5.00 € · يوم الأسبوع: لم يعد ينطبق (كان +8.00 €)',
    );
    expect(reasonText([], { ...eur('ar'), firstPublication: true })).toBe('أول سعر منشور');
  });

  it('in the business currency', () => {
    expect(
      reasonText([{ step: 'base', label: '', was: null, now: 12345 }], {
        locale: 'en',
        currency: 'USD',
        firstPublication: false,
      }),
    ).toBe('Base price $123.45');
  });

  it('has every phrase in every language', () => {
    for (const locale of locales) {
      expect(phrases[locale].changesHeader).toHaveLength(12);
      expect(phrases[locale].pricesHeader).toHaveLength(10);
      for (const word of Object.values(phrases[locale].steps)) expect(word).not.toBe('');
    }
  });
});
