import { ApiError, apiPrefix } from './api';
import { getSession } from './auth/session';

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` or `filename="…"`). */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file the API makes (a CSV export): the call carries the bearer token like every
 * other (a plain link could not), the answer is saved under the name the server gives, else
 * `fallbackName`. A refusal throws an `ApiError`, as `api()` does.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const { accessToken } = getSession();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(`${apiPrefix}${path}`, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      error?: { code: ApiError['code']; message: string; details?: ApiError['details'] };
    } | null;
    throw new ApiError(
      response.status,
      payload?.error?.code ?? (response.status >= 500 ? 'internal' : 'validation_failed'),
      payload?.error?.message ?? response.statusText,
      payload?.error?.details ?? [],
    );
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName);
}
