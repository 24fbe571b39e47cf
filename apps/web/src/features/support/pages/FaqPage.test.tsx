import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing';
import { clearSession, saveSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import FaqPage from './FaqPage';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('support center', { timeout: 20_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    await changeLanguage('pt');
    saveSession({
      accessToken: 'tok',
      userData: {
        uuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
        name: 'Ana Costa',
        email: 'ana@hotel.pt',
        profile_img_filename: null,
        roles: ['client'],
      },
      userAbilityRules: [{ action: 'read', subject: 'all' }],
    });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the questions by category, and a search looks in all of them', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(
      screen.getByRole('heading', { name: 'Como podemos ajudar?', level: 1 }),
    ).toBeInTheDocument();
    for (const name of ['Preços', 'Sazonalidades', 'Níveis de ocupação', 'Importações', 'Análises'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Importações' }));
    expect(screen.queryByRole('heading', { name: 'Preços', level: 2 })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/faq?category=imports');

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Pesquisar nas perguntas' }),
      'prioridade',
    );
    expect(
      screen.getByRole('button', { name: /duas sazonalidades se sobrepõem/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /De que ficheiros/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Perguntas encontradas: 1');
  });

  it('opens an answer', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Para que servem os preços mínimo e máximo?' }),
    );
    expect(await screen.findByText(/nunca fica abaixo do mínimo/)).toBeVisible();
  });

  it('says what is wrong with the message before sending anything', async () => {
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('textbox', { name: /O seu nome/ })).toHaveValue('Ana Costa');
    await userEvent.click(screen.getByRole('textbox', { name: /Mensagem/ }));
    await userEvent.paste('Olá');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.getByRole('textbox', { name: /Mensagem/ })).toHaveAccessibleDescription(/10/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message with the topic of the link and confirms', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        message: {
          id: 'f0e0a2a1-5b7c-4c41-9d0e-0a1b2c3d4e5f',
          topic: 'billing',
          createdAt: '2026-01-01T10:00:00.000Z',
        },
      }),
    );
    renderWithProviders(<FaqPage />, { path: '/faq?topic=billing' });
    await userEvent.click(screen.getByRole('textbox', { name: /Mensagem/ }));
    await userEvent.paste('Quero passar para o plano Pro no próximo mês.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(
      await screen.findByText('Obrigado! Vamos responder para ana@hotel.pt.'),
    ).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/support/messages');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Ana Costa',
      email: 'ana@hotel.pt',
      topic: 'billing',
      message: 'Quero passar para o plano Pro no próximo mês.',
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Mensagem/ })).toHaveValue(''));
  });

  it('shows the field the server rejected', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'bad',
          details: [{ path: 'email', code: 'invalid_email', message: 'bad email' }],
        },
      }),
    );
    renderWithProviders(<FaqPage />, { path: '/faq' });
    await userEvent.click(screen.getByRole('textbox', { name: /Mensagem/ }));
    await userEvent.paste('Uma pergunta sobre preços.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /Email para a resposta/ }),
      ).toHaveAccessibleDescription(/email válido/),
    );
  });
});
