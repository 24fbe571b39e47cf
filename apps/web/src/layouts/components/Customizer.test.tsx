import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInOnPlan } from '@/testing';
import { clearSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import { Customizer } from './Customizer';

/** The signed-in user as the app keeps it. */
const stored = () => JSON.parse(localStorage.getItem('userData')!) as Record<string, unknown>;

describe('customizer', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await changeLanguage('pt');
    signInOnPlan('pro');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    clearSession();
    await changeLanguage('pt');
  });

  it('applies the language chosen and saves it as the account’s, kept at the next sign-in', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      json(200, { user: { ...stored(), ...JSON.parse(String(init?.body)) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Customizer open onClose={() => undefined} />);

    await userEvent.click(screen.getByRole('radio', { name: 'English' }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/users/${stored().uuid}`,
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'en' }) }),
      ),
    );
    await waitFor(() => expect(stored().language).toBe('en'));
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  });
});
