import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultAlertSettings,
  type TAlertSettings,
  type TAlertSettingsBody,
} from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, fill, json, renderWithBusinesses, setupUser } from '@/testing';
import { AlertsCard } from './AlertsCard';

const business = aBusiness();
const url = `/api/v1/businesses/${business.uuid}/alerts/settings`;

let settings: TAlertSettings;
let putAnswer: (body: TAlertSettingsBody) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

const puts = () =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][])
    .filter(([u, init]) => u === url && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)) as TAlertSettingsBody);

beforeEach(async () => {
  await changeLanguage('pt');
  settings = defaultAlertSettings;
  putAnswer = (body) => {
    settings = { ...body, version: body.version + 1, updatedAt: '2026-06-10T09:00:00.000Z' };
    return json(200, settings);
  };
  fetchMock = vi.fn(async (u: string, init: RequestInit = {}) => {
    if (u === url && (init.method ?? 'GET') === 'GET') return json(200, settings);
    if (u === url && init.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)) as TAlertSettingsBody);
    }
    return json(200, { notifications: [], total: 0, unreadCount: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = (canConfigure = true) =>
  renderWithBusinesses(
    <AlertsCard business={business} canConfigure={canConfigure} />,
    [business],
    '/my-property',
  );
const daysField = () => screen.getByRole('textbox', { name: /Dias de antecedência/ });
const saveButton = () => screen.getByRole('button', { name: 'Guardar alertas' });

describe('the alerts card', { timeout: 30_000 }, () => {
  it('switches a kind off and saves N with the version read', async () => {
    const user = setupUser();
    renderCard();
    const pace = await screen.findByRole('switch', { name: 'Reservas atrás do ano passado' });
    expect(pace).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    expect(daysField()).toHaveValue('30');
    expect(saveButton()).toBeDisabled();

    await user.click(pace);
    await user.clear(daysField());
    await fill(user, daysField(), '45');
    await user.click(saveButton());

    expect(await screen.findByText('Os alertas foram guardados.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        kinds: { ...defaultAlertSettings.kinds, pace_behind: false },
        soldOutDays: 45,
        version: 0,
      },
    ]);
    expect(screen.getByRole('switch', { name: 'Reservas atrás do ano passado' })).not.toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('says N is out of range and sends nothing; shows a conflict and the settings as saved', async () => {
    const user = setupUser();
    renderCard();
    await screen.findAllByRole('switch');
    await user.clear(daysField());
    await fill(user, daysField(), '3');
    await user.click(saveButton());
    expect(await screen.findByText('Indique um número inteiro de 7 a 365.')).toBeInTheDocument();
    expect(puts()).toEqual([]);

    putAnswer = () => {
      settings = { ...defaultAlertSettings, soldOutDays: 60, version: 2 };
      return json(409, { error: { code: 'version_conflict', message: 'Stale', details: [] } });
    };
    await user.clear(daysField());
    await fill(user, daysField(), '40');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguém guardou os alertas');
    expect(await screen.findByDisplayValue('60')).toBeInTheDocument();
  });

  it('is read-only for whoever may not change the property', async () => {
    renderCard(false);
    for (const toggle of await screen.findAllByRole('switch')) expect(toggle).toBeDisabled();
    expect(saveButton()).toBeDisabled();
  });
});
