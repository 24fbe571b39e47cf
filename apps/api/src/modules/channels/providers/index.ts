import { SealError, type Sealer } from '../../../lib/sealed';
import type { ConnectionRow } from '../repository';
import { ProviderError, type ChannelAdapter, type ProviderCode } from '../adapter';
import { channexAdapter } from './channex';
import { opentravelAdapter } from './opentravel';

/** What an adapter is built with besides its connection. */
export interface AdapterDeps {
  sealer: Sealer;
  allowPrivate: boolean;
}

/** What each provider can do (the same as its adapter's `describe()`, known without its secret). */
export const providerCapabilities: Record<
  ProviderCode,
  { listsRemote: boolean; readsBack: boolean; sendsBookings: boolean }
> = {
  channex: { listsRemote: true, readsBack: true, sendsBookings: true },
  opentravel: { listsRemote: false, readsBack: false, sendsBookings: false },
};

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
  let secret: string;
  try {
    secret = deps.sealer.open(connection.credentials, connection.uuid);
  } catch (err) {
    if (!(err instanceof SealError)) throw err;
    return unopened(connection.provider as ProviderCode);
  }
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

/**
 * The adapter of a connection whose credentials this server cannot open (sealed under another
 * key: `CHANNELS_KEY` changed): every call fails as refused credentials, so the owner is asked to
 * enter them again, and nothing is sent.
 */
function unopened(provider: ProviderCode): ChannelAdapter {
  const refuse = () =>
    Promise.reject(
      new ProviderError(
        "the saved credentials cannot be read with this server's key: enter them again",
        401,
        false,
      ),
    );
  return {
    describe: () => ({
      provider,
      ...providerCapabilities[provider],
      limits: { callsPerMinute: 1, maxBodyBytes: 0 },
    }),
    test: refuse,
    pushAri: refuse,
    ...(providerCapabilities[provider].listsRemote
      ? { listRemoteRooms: refuse, listRemoteRatePlans: refuse }
      : {}),
  };
}
