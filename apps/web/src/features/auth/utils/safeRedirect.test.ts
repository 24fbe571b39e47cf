import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('safeRedirect', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeRedirect('/pricing-central/price-setup?room=2#today')).toBe(
      '/pricing-central/price-setup?room=2#today',
    );
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboards',
  ])('falls back to / for %j', (to) => {
    expect(safeRedirect(to)).toBe('/');
  });

  it('does not send a signed-in user back to a guest-only page', () => {
    expect(safeRedirect('/login?to=/faq')).toBe('/');
    expect(safeRedirect('/reset-password?token=x', '/dashboards')).toBe('/dashboards');
  });
});
