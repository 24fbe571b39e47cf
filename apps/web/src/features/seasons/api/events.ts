import type {
  TBusinessEnvelope,
  TEventBodyInput,
  TEventEnvelope,
  TEventImportResponse,
  THolidayRule,
  TSeasonFromEnvelope,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { onFormFields } from '@/lib/forms';

const eventPath = (businessUuid: string, id?: string, rest = '') =>
  businessPath(businessUuid, `/events${id ? `/${encodeURIComponent(id)}` : ''}${rest}`);

type SaveEventVars = { businessUuid: string; id?: string } & TEventBodyInput;

/**
 * `POST …/events` (add) or `PUT …/events/{id}` (change) with the business `version` shown: the
 * answer's business (a new version) replaces the stored one, so prices and marks are fetched again.
 */
export function useSaveEvent() {
  return useBusinessMutation({
    errors: 'form',
    mutationFn: async ({ businessUuid, id, ...body }: SaveEventVars) => {
      try {
        return await api<TEventEnvelope>(eventPath(businessUuid, id), {
          method: id ? 'PUT' : 'POST',
          body,
        });
      } catch (error) {
        throw onFormFields(error, 'event.');
      }
    },
  });
}

/** `DELETE …/events/{id}` → `{business}`. */
export function useDeleteEvent() {
  return useBusinessMutation({
    errors: 'both',
    mutationFn: ({ businessUuid, id }: { businessUuid: string; id: string }) =>
      api<TBusinessEnvelope>(eventPath(businessUuid, id), { method: 'DELETE' }),
  });
}

/**
 * `POST …/events/import` (multipart `file`, an `.ics`): all or nothing; a file with bad events
 * is refused with each one in the error's details (shown by the caller).
 */
export function useImportEvents() {
  return useBusinessMutation({
    errors: 'form',
    mutationFn: ({ businessUuid, file }: { businessUuid: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api<TEventImportResponse>(
        eventPath(businessUuid, undefined, `/import${searchOf({ atomic: 'true' })}`),
        { method: 'POST', body },
      );
    },
  });
}

/** "Make it a season": `POST …/events/{id}/season` or `POST …/holidays/season` `{date}`. */
export function useMakeSeason() {
  return useBusinessMutation({
    successMessage: 'events:season.made',
    mutationFn: ({
      businessUuid,
      ...target
    }: { businessUuid: string } & ({ eventId: string } | { date: string })) =>
      api<TSeasonFromEnvelope>(
        'eventId' in target
          ? eventPath(businessUuid, target.eventId, '/season')
          : businessPath(businessUuid, '/holidays/season'),
        { method: 'POST', body: 'eventId' in target ? {} : { date: target.date } },
      ),
  });
}

/** `PUT …/tariff-configuration/settings` with the holiday rule alone (the other keys are kept). */
export function useSaveHolidayRule() {
  return useBusinessMutation({
    errors: 'form',
    successMessage: 'events:rule.saved',
    mutationFn: ({
      businessUuid,
      holidayRule,
      version,
    }: {
      businessUuid: string;
      holidayRule: THolidayRule;
      version: number;
    }) =>
      api<TBusinessEnvelope>(businessPath(businessUuid, '/tariff-configuration/settings'), {
        method: 'PUT',
        body: { settings: { holidayRule }, version },
      }),
  });
}
