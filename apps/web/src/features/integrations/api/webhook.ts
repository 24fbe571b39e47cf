import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TWebhookBody,
  TWebhookDeliveriesPage,
  TWebhookDeliveryResponse,
  TWebhookWithSecret,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';
import { webhookKeys } from '@/api/publishing';

/** `GET …/webhook/deliveries?page&pageSize`: newest first, each with its attempts. */
export function useWebhookDeliveries(businessUuid: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(businessUuid, page, pageSize),
    queryFn: ({ signal }) =>
      api<TWebhookDeliveriesPage>(
        businessPath(businessUuid, `/webhook/deliveries?page=${page}&pageSize=${pageSize}`),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** After any webhook call: the webhook (its health) and its deliveries are fetched again. */
function useInvalidateWebhook(businessUuid: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(businessUuid) });
}

/** `PUT …/webhook {url}`: sets the address; the secret comes back only when the webhook is new. */
export function useSaveWebhook(businessUuid: string) {
  const invalidate = useInvalidateWebhook(businessUuid);
  return useMutation({
    mutationFn: (body: TWebhookBody) =>
      api<TWebhookWithSecret>(businessPath(businessUuid, '/webhook'), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** `POST …/webhook/secret`: a new secret (shown this once); the old one stops signing at once. */
export function useRotateWebhookSecret(businessUuid: string) {
  const invalidate = useInvalidateWebhook(businessUuid);
  return useMutation({
    mutationFn: () =>
      api<TWebhookWithSecret>(businessPath(businessUuid, '/webhook/secret'), { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** `DELETE …/webhook`: prices are published without being delivered anywhere. */
export function useRemoveWebhook(businessUuid: string) {
  const invalidate = useInvalidateWebhook(businessUuid);
  return useMutation({
    mutationFn: () => api<void>(businessPath(businessUuid, '/webhook'), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** `POST …/webhook/test`: a test delivery, queued. */
export function useTestWebhook(businessUuid: string) {
  const invalidate = useInvalidateWebhook(businessUuid);
  return useMutation({
    mutationFn: () =>
      api<TWebhookDeliveryResponse>(businessPath(businessUuid, '/webhook/test'), {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

/** `POST …/webhook/deliveries/{id}/resend`: a failed or delivered delivery, sent again. */
export function useResendDelivery(businessUuid: string) {
  const invalidate = useInvalidateWebhook(businessUuid);
  return useMutation({
    mutationFn: (id: string) =>
      api<TWebhookDeliveryResponse>(
        businessPath(businessUuid, `/webhook/deliveries/${encodeURIComponent(id)}/resend`),
        { method: 'POST' },
      ),
    onSuccess: invalidate,
  });
}
