import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { TBusiness, TPricePreviewBody, TPricePreviewResponse } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';
import { priceKeys } from './keys';

/** `POST …/prices/preview`: what a configuration change would do to the prices; saves nothing. */
function fetchPricePreview(
  businessUuid: string,
  body: TPricePreviewBody,
  signal?: AbortSignal,
): Promise<TPricePreviewResponse> {
  return api<TPricePreviewResponse>(businessPath(businessUuid, '/prices/preview'), {
    method: 'POST',
    body,
    signal,
  });
}

/**
 * The preview of `body` (null while the form has nothing valid to preview). The previous answer
 * stays while the next one loads (`isPlaceholderData`), so a summary does not flicker as the
 * owner types; debounce `body` in the form.
 *
 * ```tsx
 * const preview = usePricePreview(business, valid ? { change: { kind: 'sazonality', sazonality } } : null);
 * <PricePreviewSummary preview={preview.data} loading={preview.isFetching} currency={business.currency} />
 * ```
 */
export function usePricePreview(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  body: TPricePreviewBody | null,
) {
  return useQuery({
    queryKey: priceKeys.preview(business.uuid, business.version, body),
    queryFn: body ? ({ signal }) => fetchPricePreview(business.uuid, body, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
