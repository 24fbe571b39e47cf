import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, fakeApi, renderWithBusinesses, requested } from '@/testing';
import { ChannelDeliveries } from './ChannelDeliveries';

const business = aBusiness();
const room = '0b0c5f4e-2a61-4b8e-9d2b-5d8f0a1c7e11';

beforeEach(() => changeLanguage('pt'));
afterEach(() => vi.unstubAllGlobals());

describe("where a night's published price went", () => {
  it('says when each channel took it, and which has not yet', async () => {
    const api = fakeApi((path) =>
      path.endsWith('/channels/delivered')
        ? {
            nights: [
              {
                night: '2026-08-14',
                connections: [
                  {
                    uuid: 'c1',
                    name: 'Channex',
                    provider: 'channex',
                    sentAt: '2026-08-12T09:30:00.000Z',
                  },
                  { uuid: 'c2', name: 'PMS do hotel', provider: 'opentravel', sentAt: null },
                ],
              },
            ],
          }
        : undefined,
    );
    renderWithBusinesses(
      <ChannelDeliveries businessUuid={business.uuid} roomUuid={room} night="2026-08-14" />,
      [business],
    );
    const list = await screen.findByTestId('channel-deliveries');
    expect(list).toHaveTextContent(/O seu preço atual chegou a .?Channex.? em 12\/08\/2026/);
    expect(list).toHaveTextContent(/O seu preço atual ainda não chegou a .?PMS do hotel.?\./);
    expect(requested(api, '/channels/delivered').map(String)).toEqual([
      `roomUuid=${room}&from=2026-08-14&to=2026-08-14`,
    ]);
  });

  it('says nothing when no connection sells the room type', async () => {
    const api = fakeApi((path) =>
      path.endsWith('/channels/delivered') ? { nights: [] } : undefined,
    );
    renderWithBusinesses(
      <ChannelDeliveries businessUuid={business.uuid} roomUuid={room} night="2026-08-14" />,
      [business],
    );
    await vi.waitFor(() => expect(requested(api, '/channels/delivered')).toHaveLength(1));
    expect(screen.queryByTestId('channel-deliveries')).not.toBeInTheDocument();
  });
});
