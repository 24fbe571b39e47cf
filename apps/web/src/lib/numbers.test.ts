import { describe, expect, it } from 'vitest';
import { currencySymbol, numberField, numberText, parseAmount, parseCount } from './numbers';
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
});
