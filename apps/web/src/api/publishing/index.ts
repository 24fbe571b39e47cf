import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhookResponse } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

/**
 * The property's webhook (where approved prices are delivered), for the features that show it:
 * the integrations page (which changes it), the price-changes page (its banner) and what the owner
 * is told after approving (sent to it, or not sent at all).
 */
export const webhookKeys = {
  all: (businessUuid: string) => ['webhook', businessUuid] as const,
  webhook: (businessUuid: string) => ['webhook', businessUuid, 'settings'] as const,
  deliveries: (businessUuid: string, page: number, pageSize: number) =>
    ['webhook', businessUuid, 'deliveries', page, pageSize] as const,
};

/** `GET …/webhook`: the webhook, or null when the property has none. */
export const webhookQueryOptions = (businessUuid: string) =>
  queryOptions({
    queryKey: webhookKeys.webhook(businessUuid),
    queryFn: async ({ signal }) =>
      (await api<TWebhookResponse>(businessPath(businessUuid, '/webhook'), { signal })).webhook,
  });

export function useWebhook(businessUuid: string) {
  return useQuery(webhookQueryOptions(businessUuid));
}

/** The integrations page, where the webhook is set up and its deliveries listed. */
export const integrationsPath = '/my-property/integrations';
