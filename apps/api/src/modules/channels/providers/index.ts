import type { Sealer } from '../../../lib/sealed';
import type { ConnectionRow } from '../repository';
import type { ChannelAdapter, ProviderCode } from '../adapter';
import { channexAdapter } from './channex';
import { opentravelAdapter } from './opentravel';

/** What an adapter is built with besides its connection. */
export interface AdapterDeps {
  sealer: Sealer;
  allowPrivate: boolean;
}

/** The secret of a connection as the owner gave it: Channex's API key, OpenTravel's password. */
export interface OpenTravelSecret {
  requestorId: string;
  password: string;
}

/** Seals a connection's credentials, bound to its uuid. */
export const sealCredentials = (
  sealer: Sealer,
  uuid: string,
  credentials: string | OpenTravelSecret,
) => sealer.seal(typeof credentials === 'string' ? credentials : JSON.stringify(credentials), uuid);

/** The adapter of a stored connection, its credentials opened for this call only. */
export function adapterFor(
  connection: Pick<ConnectionRow, 'uuid' | 'provider' | 'settings' | 'credentials'>,
  deps: AdapterDeps,
): ChannelAdapter {
  const secret = deps.sealer.open(connection.credentials, connection.uuid);
  const { endpoint, propertyId } = connection.settings;
  switch (connection.provider as ProviderCode) {
    case 'channex':
      return channexAdapter({
        baseUrl: endpoint,
        apiKey: secret,
        propertyId,
        allowPrivate: deps.allowPrivate,
      });
    case 'opentravel': {
      const { requestorId, password } = JSON.parse(secret) as OpenTravelSecret;
      return opentravelAdapter({
        endpoint,
        hotelCode: propertyId,
        requestorId,
        password,
        allowPrivate: deps.allowPrivate,
      });
    }
  }
}
