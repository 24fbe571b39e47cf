import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMarkNotificationsReadBody,
  TNotificationsResponse,
  TNotificationsQuery,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';

/** How often the bell asks for new notifications while the tab is visible. */
const NOTIFICATIONS_POLL_MS = 30_000;

/** What the bell shows: the newest notifications, read or not. */
const bellQuery: TNotificationsQuery = { page: 1, pageSize: 20 };

/** Query keys of the signed-in user's notifications (the bell); what adds one invalidates `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: TNotificationsQuery) => ['notifications', 'list', query] as const,
};

/** `GET /api/v1/notifications?unread&page&pageSize`: the caller's own, newest first. */
function fetchNotifications(
  query: TNotificationsQuery,
  signal?: AbortSignal,
): Promise<TNotificationsResponse> {
  return api<TNotificationsResponse>(`/v1/notifications${searchOf(query)}`, { signal });
}

/**
 * The bell's notifications and unread count. New ones appear without a reload: asked again every
 * 30 s while the tab is visible (not in the background) and whenever the window gets the focus.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(bellQuery),
    queryFn: ({ signal }) => fetchNotifications(bellQuery, signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * `POST /api/v1/notifications/read` (`{ids}` or `{all: true}`). The bell shows them read at once;
 * the answer's unread count and a refetch settle it.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMarkNotificationsReadBody) =>
      api<{ unreadCount: number }>('/v1/notifications/read', { method: 'POST', body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const readAt = new Date().toISOString();
      const marks = (id: string) => 'all' in body || body.ids.includes(id);
      queryClient.setQueriesData<TNotificationsResponse>(
        { queryKey: notificationKeys.all },
        (page) =>
          page && {
            ...page,
            notifications: page.notifications.map((n) =>
              n.readAt === null && marks(n.id) ? { ...n, readAt } : n,
            ),
          },
      );
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueriesData<TNotificationsResponse>(
        { queryKey: notificationKeys.all },
        (page) => page && { ...page, unreadCount },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
