import type { TErrorBody } from '@tarifa/contract';
import { ApiError, apiPrefix, onUnauthenticated } from '@/lib/api';
import { clearSession, getSession } from '@/lib/auth/session';

interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (the whole request body). */
  total: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * `POST` of a multipart body with upload progress (fetch cannot report it): the same bearer
 * token, credentials and error handling as `api()` in `lib/api.ts` — a 401 clears the session and
 * goes to the login page, an error answer becomes an `ApiError`, a lost connection `network`.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiPrefix}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const { accessToken } = getSession();
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The server could not be reached'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status === 401) {
        clearSession();
        if (accessToken) onUnauthenticated.redirect();
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const error = (payload as TErrorBody | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? (xhr.status >= 500 ? 'internal' : 'validation_failed'),
          error?.message ?? xhr.statusText,
          error?.details ?? [],
        ),
      );
    };

    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
