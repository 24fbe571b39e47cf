import { describe, expect, it } from 'vitest';
import { browserLocale } from '@/lib/i18n';

describe('browserLocale', () => {
  it('is the first of the browser’s languages that the app speaks', () => {
    expect(browserLocale(['pt-PT', 'en'])).toBe('pt');
    expect(browserLocale(['de-DE', 'fr-CH', 'en'])).toBe('fr');
    expect(browserLocale(['ar-EG'])).toBe('ar');
  });

  it('is none when the app speaks none of them', () => {
    expect(browserLocale(['de', 'es-419'])).toBeNull();
    expect(browserLocale([])).toBeNull();
  });
});
