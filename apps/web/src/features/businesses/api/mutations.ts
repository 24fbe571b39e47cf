import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TBusinessEnvelope,
  TBusinessesEnvelope,
  TCreateBusinessBodyInput,
  TDeleteBusinessBody,
  TRoomsTariffBody,
  TSettingsBody,
  TUpdateBusinessBody,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessKeys, businessPath, useBusinessMutation } from '@/api/business';

/** The calls only this feature makes; each goes through `useBusinessMutation` (lib/business). */

/** `POST /api/v1/businesses` → 201 `{businesses}`: the whole list replaces the cached one. */
export function useCreateBusiness(options: { errors?: 'snackbar' | 'form' } = {}) {
  return useBusinessMutation({
    ...options,
    mutationFn: (body: TCreateBusinessBodyInput) =>
      api<TBusinessesEnvelope>('/v1/businesses', { method: 'POST', body }),
  });
}

type UpdateBusinessVars = { uuid: string } & TUpdateBusinessBody;

/** `PUT /api/v1/businesses/{uuid}` with the `version` read; a stale one is 409, nothing written. */
export function useUpdateBusiness(options: { errors?: 'snackbar' | 'form' } = {}) {
  return useBusinessMutation({
    ...options,
    successMessage: 'property:saved',
    mutationFn: ({ uuid, ...body }: UpdateBusinessVars) =>
      api<TBusinessEnvelope>(businessPath(uuid), { method: 'PUT', body }),
  });
}

type SaveRoomsTariffVars = { uuid: string } & TRoomsTariffBody;

/** `POST …/tariff-configuration/rooms-tariff` with the full list of room types. */
export function useSaveRoomsTariff(options: { errors?: 'snackbar' | 'form' } = {}) {
  return useBusinessMutation({
    ...options,
    successMessage: 'property:saved',
    mutationFn: ({ uuid, ...body }: SaveRoomsTariffVars) =>
      api<TBusinessEnvelope>(businessPath(uuid, '/tariff-configuration/rooms-tariff'), {
        method: 'POST',
        body,
      }),
  });
}

type SaveSettingsVars = { uuid: string } & TSettingsBody;

/** `PUT …/tariff-configuration/settings`; each top-level key sent is replaced whole. */
export function useSaveSettings(options: { errors?: 'snackbar' | 'form' } = {}) {
  return useBusinessMutation({
    ...options,
    successMessage: 'property:saved',
    mutationFn: ({ uuid, ...body }: SaveSettingsVars) =>
      api<TBusinessEnvelope>(businessPath(uuid, '/tariff-configuration/settings'), {
        method: 'PUT',
        body,
      }),
  });
}

/** `DELETE /api/v1/businesses/{uuid}` with the name typed again → `{businesses}` without it. */
export function useDeleteBusiness(options: { errors?: 'snackbar' | 'form' } = {}) {
  const queryClient = useQueryClient();
  return useBusinessMutation({
    ...options,
    successMessage: 'property:danger.deleted',
    mutationFn: ({ uuid, ...body }: { uuid: string } & TDeleteBusinessBody) =>
      api<TBusinessesEnvelope>(businessPath(uuid), { method: 'DELETE', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.deleted }),
  });
}

/** `POST /api/v1/businesses/{uuid}/restore` → `{businesses}` with it. */
export function useRestoreBusiness() {
  const queryClient = useQueryClient();
  return useBusinessMutation({
    successMessage: 'property:danger.restored',
    mutationFn: (uuid: string) =>
      api<TBusinessesEnvelope>(businessPath(uuid, '/restore'), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.deleted }),
  });
}

/** `POST …/{uuid}/photos` (multipart, field `file`: PNG, JPEG or WebP up to 5 MB) → 201 `{business}`. */
export function useUploadPhoto() {
  return useBusinessMutation({
    mutationFn: ({ uuid, file }: { uuid: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api<TBusinessEnvelope>(businessPath(uuid, '/photos'), { method: 'POST', body });
    },
  });
}

/** `DELETE …/{uuid}/photos/{id}` → `{business}`. */
export function useRemovePhoto() {
  return useBusinessMutation({
    successMessage: 'property:photos.removed',
    mutationFn: ({ uuid, id }: { uuid: string; id: string }) =>
      api<TBusinessEnvelope>(businessPath(uuid, `/photos/${encodeURIComponent(id)}`), {
        method: 'DELETE',
      }),
  });
}

/** `GET /api/v1/businesses/deleted`: deleted businesses that can still be restored (30 days). */
const deletedBusinessesQueryOptions = queryOptions<TBusiness[]>({
  queryKey: businessKeys.deleted,
  queryFn: async ({ signal }) =>
    (await api<TBusinessesEnvelope>('/v1/businesses/deleted', { signal })).businesses,
});

export function useDeletedBusinesses() {
  return useQuery(deletedBusinessesQueryOptions);
}
