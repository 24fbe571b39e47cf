import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditActorKind, TAuditEntity, TAuditPage } from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';

/** Whose trail: one property's (its owner), or every event (a super-admin). */
export type AuditSource = { kind: 'business'; businessUuid: string } | { kind: 'admin' };

/** What the trail is narrowed to; '' is "any". Dates are UTC days, both included. */
export interface AuditFilters {
  entity: TAuditEntity[];
  actorKind: TAuditActorKind | '';
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { entity: [], actorKind: '', from: '', to: '' };

const pathOf = (source: AuditSource) =>
  source.kind === 'admin' ? '/v1/admin/audit' : businessPath(source.businessUuid, '/audit');

const auditKeys = {
  all: ['audit'] as const,
  page: (source: AuditSource, query: object) => [...auditKeys.all, source, query] as const,
};

/** `GET …/audit?entity&actorKind&from&to&page&pageSize`: newest first, with the total. */
export function useAuditTrail(
  source: AuditSource,
  filters: AuditFilters,
  page: number,
  pageSize: number,
) {
  const query = { ...filters, page, pageSize };
  return useQuery({
    queryKey: auditKeys.page(source, query),
    queryFn: ({ signal }) => api<TAuditPage>(`${pathOf(source)}${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
