import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import {
  bookingLimits,
  type TImportAccepted,
  type TImportFormat,
  type TImportMode,
  type TImportPreview,
  type TImportStatus,
  type TImportsList,
} from '@tarifa/contract';
import { api, ApiError } from '@/lib/api';
import { businessKeys, businessPath } from '@/api/business';
import { invalidateAfterBookings } from './bookings';
import { importKeys } from './keys';
import { uploadWithProgress } from './upload';

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

/**
 * `POST …/bookings/import/preview`: what the file looks like (format guess, hotels, room codes,
 * first rows). Only the start of the file is sent — the API reads no more than that.
 */
export function previewImport(
  businessUuid: string,
  file: File,
  format?: TImportFormat,
  signal?: AbortSignal,
): Promise<TImportPreview> {
  const body = new FormData();
  if (format) body.append('format', format);
  // One byte more than the API reads, so it can tell that the file goes on.
  const head = file.size > bookingLimits.previewBytes + 1;
  body.append(
    'file',
    head
      ? new File([file.slice(0, bookingLimits.previewBytes + 1)], file.name, { type: file.type })
      : file,
    file.name,
  );
  return api<TImportPreview>(businessPath(businessUuid, '/bookings/import/preview'), {
    method: 'POST',
    body,
    signal,
  });
}

// ---------------------------------------------------------------------------------------------
// The running import of each business, remembered across pages and reloads
// ---------------------------------------------------------------------------------------------

const runningKey = (businessUuid: string) => `bookingsImport:${businessUuid}`;

/** The import of this business the user last started and has not seen finish, if any. */
export function runningImportOf(businessUuid: string): string | null {
  try {
    return localStorage.getItem(runningKey(businessUuid));
  } catch {
    return null;
  }
}

export function rememberRunningImport(businessUuid: string, importId: string | null): void {
  try {
    if (importId) localStorage.setItem(runningKey(businessUuid), importId);
    else localStorage.removeItem(runningKey(businessUuid));
  } catch {
    // Storage disabled: the import id stays in the address bar only.
  }
}

// ---------------------------------------------------------------------------------------------
// Uploads in flight: kept outside React so that leaving the page does not lose them
// ---------------------------------------------------------------------------------------------

export interface ImportChoices {
  format: TImportFormat;
  hotel: string | null;
  mode: TImportMode;
  createMissingRooms: boolean;
}

interface UploadState {
  fileName: string;
  /** Bytes of the request sent so far, and in all. */
  loaded: number;
  total: number;
  /** Set when the upload was refused or lost; the user may try again. */
  error: unknown;
}

let uploads: Record<string, UploadState | undefined> = {};
const listeners = new Set<() => void>();
const controllers = new Map<string, AbortController>();

function setUpload(businessUuid: string, state: UploadState | undefined) {
  uploads = { ...uploads, [businessUuid]: state };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Warns before the tab is closed or reloaded while a file is still being sent. */
function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/**
 * Sends the file and the choices (`POST …/bookings/import`, multipart, the choices before the file
 * so the API can read them first), reporting the bytes sent. On 202 the import id is remembered
 * for the business (the page shows its progress from there on, even after leaving and coming
 * back) and returned.
 */
async function startImport(
  queryClient: QueryClient,
  businessUuid: string,
  file: File,
  choices: ImportChoices,
): Promise<string | undefined> {
  const body = new FormData();
  body.append('format', choices.format);
  if (choices.format === 'hotel-booking-demand' && choices.hotel)
    body.append('hotel', choices.hotel);
  body.append('mode', choices.mode);
  body.append('createMissingRooms', String(choices.createMissingRooms));
  body.append('file', file, file.name);

  const controller = new AbortController();
  controllers.set(businessUuid, controller);
  setUpload(businessUuid, { fileName: file.name, loaded: 0, total: file.size, error: null });
  window.addEventListener('beforeunload', onBeforeUnload);
  try {
    const { importId } = await uploadWithProgress<TImportAccepted>(
      businessPath(businessUuid, '/bookings/import'),
      body,
      {
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          setUpload(businessUuid, { fileName: file.name, loaded, total, error: null }),
      },
    );
    rememberRunningImport(businessUuid, importId);
    setUpload(businessUuid, undefined);
    void queryClient.invalidateQueries({ queryKey: importKeys.recent(businessUuid) });
    return importId;
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    setUpload(
      businessUuid,
      aborted ? undefined : { fileName: file.name, loaded: 0, total: file.size, error },
    );
    return undefined;
  } finally {
    controllers.delete(businessUuid);
    window.removeEventListener('beforeunload', onBeforeUnload);
  }
}

/** Stops the upload of this business, if one is in flight (nothing is imported). */
export function stopUpload(businessUuid: string): void {
  controllers.get(businessUuid)?.abort();
}

/** Forgets a failed upload (the user goes back to the choices). */
export function clearUpload(businessUuid: string): void {
  setUpload(businessUuid, undefined);
}

/** The upload of this business in flight (or failed), if any. */
export function useUpload(businessUuid: string): UploadState | undefined {
  return useSyncExternalStore(subscribe, () => uploads[businessUuid]);
}

/** `(file, choices) => Promise<importId | undefined>` for this business. */
export function useStartImport(businessUuid: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (file: File, choices: ImportChoices) => startImport(queryClient, businessUuid, file, choices),
    [queryClient, businessUuid],
  );
}

// ---------------------------------------------------------------------------------------------
// Status and history
// ---------------------------------------------------------------------------------------------

export const isFinished = (status: TImportStatus['status']) =>
  status === 'succeeded' || status === 'failed';

/** How often a running import is asked for its progress. */
const pollMs = 1000;

/**
 * `GET …/imports/{importId}`, asked again every second while the import is queued or running.
 * When it ends, the bookings, prices and recent imports of the business are refetched (and the
 * business, when the import created room types).
 */
export function useImportStatus(businessUuid: string, importId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(businessUuid, importId),
    queryFn: async ({ signal }) => {
      const status = await api<TImportStatus>(
        businessPath(businessUuid, `/imports/${encodeURIComponent(importId)}`),
        { signal },
      );
      if (isFinished(status.status)) {
        const previous = queryClient.getQueryData<TImportStatus>(
          importKeys.one(businessUuid, importId),
        );
        if (!previous || !isFinished(previous.status)) {
          void invalidateAfterBookings(queryClient, businessUuid);
          void queryClient.invalidateQueries({ queryKey: importKeys.recent(businessUuid) });
          // Room types the import created are part of the business now.
          if (status.createdRooms.length) {
            void queryClient.invalidateQueries({ queryKey: businessKeys.list });
          }
        }
      }
      return status;
    },
    refetchInterval: (query) =>
      query.state.data && isFinished(query.state.data.status) ? false : pollMs,
    // A lost import (another business's, purged) is not found: no use asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });
}

/** `GET …/imports`: the 20 most recent imports of the business, newest first. */
export function useRecentImports(businessUuid: string) {
  return useQuery({
    queryKey: importKeys.recent(businessUuid),
    queryFn: async ({ signal }) =>
      (await api<TImportsList>(businessPath(businessUuid, '/imports'), { signal })).imports,
  });
}
