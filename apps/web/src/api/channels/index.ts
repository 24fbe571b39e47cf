import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  TChannelCallsPage,
  TChannelConnection,
  TChannelConnectionResponse,
  TChannelCreate,
  TChannelDelivered,
  TChannelMappingBody,
  TChannelRemote,
  TChannelUpdate,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

/**
 * A property's connections to where its rooms are sold (docs/channels.md): a channel manager
 * (Channex) or a system that speaks OpenTravel. Import from here (`@/api/channels`).
 */
const channelKeys = {
  all: (businessUuid: string) => ['channels', businessUuid] as const,
  list: (businessUuid: string) => ['channels', businessUuid, 'list'] as const,
  /** Everything read about one connection: itself, the provider's lists, its log. */
  connection: (businessUuid: string, id: string) => ['channels', businessUuid, id] as const,
  one: (businessUuid: string, id: string) => ['channels', businessUuid, id, 'settings'] as const,
  remote: (businessUuid: string, id: string) => ['channels', businessUuid, id, 'remote'] as const,
  calls: (businessUuid: string, id: string, page: number, pageSize: number) =>
    ['channels', businessUuid, id, 'calls', page, pageSize] as const,
  delivered: (businessUuid: string, roomUuid: string, night: string) =>
    ['channels', businessUuid, 'delivered', roomUuid, night] as const,
};

const channelsPath = (businessUuid: string, rest = '') =>
  businessPath(businessUuid, `/channels${rest}`);
const connectionPath = (businessUuid: string, id: string, rest = '') =>
  channelsPath(businessUuid, `/${encodeURIComponent(id)}${rest}`);

/** Whether a connection's first push is still to come: it is read again until it has been made. */
const awaitingFirstPush = (connection: TChannelConnection) =>
  connection.status === 'active' && connection.health === 'never';

/**
 * `GET …/channels`: the connections, each with its status and health. Read again every 10 s while
 * a connection has just started sending (its first push is made in the background).
 */
export function useChannels(businessUuid: string) {
  return useQuery({
    ...channelsQueryOptions(businessUuid),
    refetchInterval: (query) => (query.state.data?.some(awaitingFirstPush) ? 10_000 : false),
  });
}

/** The connections' query, for a read outside a component (`ensureQueryData`). */
export const channelsQueryOptions = (businessUuid: string) =>
  queryOptions({
    queryKey: channelKeys.list(businessUuid),
    queryFn: async ({ signal }) =>
      (await api<{ connections: TChannelConnection[] }>(channelsPath(businessUuid), { signal }))
        .connections,
  });

/** `GET …/channels/{id}`: one connection. */
export function useChannel(businessUuid: string, id: string) {
  return useQuery({
    queryKey: channelKeys.one(businessUuid, id),
    queryFn: async ({ signal }) =>
      (await api<TChannelConnectionResponse>(connectionPath(businessUuid, id), { signal }))
        .connection,
  });
}

/**
 * `GET …/channels/{id}/remote`: the provider's room types and rate plans (asked of the provider,
 * so read fresh each time the mapping opens) and the mapping Tarifa suggests.
 */
export function useChannelRemote(businessUuid: string, id: string) {
  return useQuery({
    queryKey: channelKeys.remote(businessUuid, id),
    queryFn: ({ signal }) =>
      api<TChannelRemote>(connectionPath(businessUuid, id, '/remote'), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** `GET …/channels/{id}/calls?page&pageSize`: the connection's log, newest first. */
export function useChannelCalls(businessUuid: string, id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: channelKeys.calls(businessUuid, id, page, pageSize),
    queryFn: ({ signal }) =>
      api<TChannelCallsPage>(
        connectionPath(businessUuid, id, `/calls?page=${page}&pageSize=${pageSize}`),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a change: the list and what was read about each connection (itself, its log) are read
 * again — not the provider's lists, which only the mapping reads, asking the provider.
 */
function useInvalidateChannels(businessUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: channelKeys.all(businessUuid),
      predicate: (query) => query.queryKey[3] !== 'remote',
    });
}

/** `POST …/channels`: the credentials are tried with the provider first (a refusal names the field). */
export function useCreateChannel(businessUuid: string) {
  const invalidate = useInvalidateChannels(businessUuid);
  return useMutation({
    mutationFn: async (body: TChannelCreate) =>
      (
        await api<TChannelConnectionResponse>(channelsPath(businessUuid), {
          method: 'POST',
          body,
        })
      ).connection,
    onSuccess: invalidate,
  });
}

/** `PATCH …/channels/{id}`: rename, pause or resume, or new credentials (tried first). */
export function useUpdateChannel(businessUuid: string) {
  const invalidate = useInvalidateChannels(businessUuid);
  return useMutation({
    mutationFn: async ({ id, ...body }: TChannelUpdate & { id: string }) =>
      (
        await api<TChannelConnectionResponse>(connectionPath(businessUuid, id), {
          method: 'PATCH',
          body,
        })
      ).connection,
    // A refusal may be a stale version: the list is read again either way.
    onSettled: invalidate,
  });
}

/** `PUT …/channels/{id}/mapping`: confirms the mapping; a new connection starts sending. */
export function usePutChannelMapping(businessUuid: string) {
  const invalidate = useInvalidateChannels(businessUuid);
  return useMutation({
    mutationFn: async ({ id, ...body }: TChannelMappingBody & { id: string }) =>
      (
        await api<TChannelConnectionResponse>(connectionPath(businessUuid, id, '/mapping'), {
          method: 'PUT',
          body,
        })
      ).connection,
    onSettled: invalidate,
  });
}

/** `POST …/channels/{id}/resync`: every value sent again (queued; the log shows it). */
export function useResyncChannel(businessUuid: string) {
  const invalidate = useInvalidateChannels(businessUuid);
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(connectionPath(businessUuid, id, '/resync'), { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/**
 * `DELETE …/channels/{id}?restore=`: with `restore`, what the channel held when it was connected
 * is put back first; without, it keeps the last values Tarifa sent.
 */
export function useDisconnectChannel(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, restore }: { id: string; restore: boolean }) =>
      api<void>(connectionPath(businessUuid, id, `?restore=${restore}`), { method: 'DELETE' }),
    onSuccess: (_, { id }) => {
      queryClient.removeQueries({ queryKey: channelKeys.connection(businessUuid, id) });
      return queryClient.invalidateQueries({ queryKey: channelKeys.list(businessUuid) });
    },
  });
}

/**
 * `GET …/channels/delivered` for one night of one room type: each connection selling it, and
 * when its channel took the night's published price (null: not yet).
 */
export function useChannelDeliveries(businessUuid: string, roomUuid: string, night: string) {
  return useQuery({
    queryKey: channelKeys.delivered(businessUuid, roomUuid, night),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ roomUuid, from: night, to: night });
      const answer = await api<TChannelDelivered>(
        channelsPath(businessUuid, `/delivered?${query}`),
        {
          signal,
        },
      );
      return answer.nights[0]?.connections ?? [];
    },
  });
}
