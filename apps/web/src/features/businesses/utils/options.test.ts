import { describe, expect, it } from 'vitest';
import { countryOptions, currencyOptions, guessFromBrowser, matchingOptions } from './options';

const names = (options: { label: string }[]) => options.map((option) => option.label);

describe('guessFromBrowser', () => {
  it('takes the time zone, the country of that zone and its currency', () => {
    expect(guessFromBrowser({ timeZone: 'Europe/Lisbon', languages: ['en-US'] })).toEqual({
      timezone: 'Europe/Lisbon',
      country: 'PT',
      currency: 'EUR',
    });
    expect(guessFromBrowser({ timeZone: 'Atlantic/Azores', languages: [] }).country).toBe('PT');
    expect(guessFromBrowser({ timeZone: 'America/Sao_Paulo', languages: ['pt-BR'] })).toEqual({
      timezone: 'America/Sao_Paulo',
      country: 'BR',
      currency: 'BRL',
    });
    // A legacy name some browsers still answer.
    expect(guessFromBrowser({ timeZone: 'Asia/Calcutta', languages: [] })).toMatchObject({
      country: 'IN',
      currency: 'INR',
    });
  });

  it('falls back on the region of the browser’s language when the zone names no country', () => {
    expect(guessFromBrowser({ timeZone: 'UTC', languages: ['fr', 'fr-CH'] })).toEqual({
      timezone: 'UTC',
      country: 'CH',
      currency: 'CHF',
    });
    expect(guessFromBrowser({ timeZone: undefined, languages: ['en-GB'] })).toEqual({
      timezone: undefined,
      country: 'GB',
      currency: 'GBP',
    });
  });

  it('guesses nothing it cannot tell', () => {
    expect(guessFromBrowser({ timeZone: 'Not/AZone', languages: ['pt', 'es-419'] })).toEqual({
      timezone: undefined,
      country: undefined,
      currency: undefined,
    });
  });

  it('has a currency the runtime knows for every country of the list', () => {
    const known = new Set(currencyOptions('en').map((option) => option.code));
    const missing = countryOptions('en')
      .map((option) => option.code)
      // Antarctica, and groupings that are no country (the European Union, the United Nations…).
      .filter((code) => !['AQ', 'EU', 'EZ', 'QO', 'UN', 'XA', 'XB'].includes(code))
      .filter((code) => {
        const { currency } = guessFromBrowser({ timeZone: undefined, languages: [`en-${code}`] });
        return currency === undefined || !known.has(currency);
      });
    expect(missing).toEqual([]);
  });
});

describe('matchingOptions', () => {
  it('lists the names that start with what was typed first, in the user’s language', () => {
    const pt = countryOptions('pt-PT');
    expect(names(matchingOptions(pt, 'Port', 'pt-PT'))).toEqual(['Porto Rico', 'Portugal']);
    // The country the browser is in first among equals.
    expect(names(matchingOptions(pt, 'Port', 'pt-PT', 'PT'))).toEqual(['Portugal', 'Porto Rico']);
    const en = countryOptions('en-GB');
    expect(names(matchingOptions(en, 'port', 'en-GB'))[0]).toBe('Portugal');
    // Then a word that starts with it, then the names that only contain it.
    expect(names(matchingOptions(en, 'guinea', 'en-GB')).slice(0, 4)).toEqual([
      'Guinea',
      'Guinea-Bissau',
      'Equatorial Guinea',
      'Papua New Guinea',
    ]);
    const fr = countryOptions('fr-FR');
    expect(names(matchingOptions(fr, 'alle', 'fr-FR'))[0]).toBe('Allemagne');
  });

  it('ignores accents and case either way', () => {
    const pt = countryOptions('pt-PT');
    expect(names(matchingOptions(pt, 'sao tome', 'pt-PT'))).toEqual(['São Tomé e Príncipe']);
    const en = countryOptions('en-GB');
    expect(names(matchingOptions(en, 'CÔTE', 'en-GB'))).toEqual(['Côte d’Ivoire']);
  });

  it('keeps every option while nothing is typed', () => {
    const en = countryOptions('en-GB');
    expect(matchingOptions(en, '  ', 'en-GB')).toBe(en);
  });
});
