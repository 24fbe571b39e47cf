import { describe, expect, it } from 'vitest';
import {
  amountText,
  currencySymbol,
  numberField,
  numberText,
  parseAmount,
  parseCount,
} from './numbers';
import { z } from 'zod';

describe('parseAmount: an amount as owners type it, in every language of the app', () => {
  it('pt and fr: a decimal comma, with a point or a space between thousands', () => {
    expect(parseAmount('89,90')).toBe(89.9);
    expect(parseAmount('1.250,50')).toBe(1250.5);
    expect(parseAmount('1 250,50')).toBe(1250.5);
    // What Intl writes in French: a narrow no-break space between thousands.
    expect(parseAmount(new Intl.NumberFormat('fr').format(1250.5))).toBe(1250.5);
    expect(parseAmount('1\u00a0250,50')).toBe(1250.5);
  });

  it('en: a decimal point, with a comma between thousands', () => {
    expect(parseAmount('89.90')).toBe(89.9);
    expect(parseAmount('1,250.50')).toBe(1250.5);
    expect(parseAmount('1250')).toBe(1250);
  });

  it('ar: Arabic-Indic digits and the Arabic decimal and thousands marks', () => {
    expect(parseAmount('٨٩٫٩٠')).toBe(89.9);
    expect(parseAmount('١٬٢٥٠٫٥٠')).toBe(1250.5);
    expect(parseAmount('١٢٥٠')).toBe(1250);
    expect(parseAmount('۱۲۵۰,۵')).toBe(1250.5);
    expect(parseAmount(new Intl.NumberFormat('ar').format(1250.5))).toBe(1250.5);
  });

  it('keeps a sign, reads empty as missing and refuses what is not a number', () => {
    expect(parseAmount('-10,5')).toBe(-10.5);
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('12€')).toBeNaN();
  });

  it('with one separator alone reads it as the decimal one', () => {
    expect(parseAmount('1.250')).toBe(1.25);
    expect(parseAmount('1,250')).toBe(1.25);
  });
});

describe('the other number helpers', () => {
  it('parseCount reads whole numbers, in Arabic-Indic digits too', () => {
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('١٢')).toBe(12);
    expect(parseCount('')).toBeUndefined();
  });

  it('numberField checks the parsed amount with the given schema', () => {
    const price = numberField(z.number().positive());
    expect(price.parse('1.250,50')).toBe(1250.5);
    expect(price.safeParse('').success).toBe(false);
    expect(price.safeParse('-1').success).toBe(false);
  });

  it('numberText gives back what the user would type; currencySymbol follows the language', () => {
    expect(numberText(89.9)).toBe('89.9');
    expect(numberText(null)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
    expect(currencySymbol('pt', 'EUR')).toBe('€');
    expect(currencySymbol('en', 'USD')).toBe('$');
  });

  it('amountText shows an amount back as it is typed in the language, and reads back the same', () => {
    // "89,50" typed in Portuguese is 89.5, and comes back as "89,50", not "89.5".
    expect(amountText(parseAmount('89,50'), 'pt-PT')).toBe('89,50');
    expect(amountText(89.5, 'fr-FR')).toBe('89,50');
    expect(amountText(89.5, 'en-GB')).toBe('89.50');
    expect(amountText(1250, 'pt-PT')).toBe('1250');
    expect(amountText(1250.05, 'fr-FR')).toBe('1250,05');
    expect(amountText(undefined, 'pt-PT')).toBe('');
    for (const locale of ['pt-PT', 'en-GB', 'fr-FR', 'ar']) {
      for (const amount of [0.5, 89.5, 100, 1250.05]) {
        expect(parseAmount(amountText(amount, locale))).toBe(amount);
      }
    }
  });

  it('numberText with a language uses its decimal separator', () => {
    expect(numberText(12.5, 'pt-PT')).toBe('12,5');
    expect(numberText(12.5, 'en-GB')).toBe('12.5');
    expect(numberText(1500, 'fr-FR')).toBe('1500');
  });
});
