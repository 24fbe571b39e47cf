import type { TBusiness, TConfigurationChange, TPricePreviewResponse } from '@tarifa/contract';
import { usePricePreview } from './preview';
import { useDebounced } from './useDebounced';

interface ChangePreview {
  /** The answer for the change as it stands; undefined while there is none (or no change). */
  preview: TPricePreviewResponse | undefined;
  /** The owner is still typing, or the answer is on its way. */
  loading: boolean;
}

/**
 * What a form's change would do to the prices, asked as the owner edits: `change` is null while
 * the form is unchanged or its values are not valid (nothing is asked then), and is asked once it
 * has stayed the same for `ms` milliseconds. Spread the result into `PricePreviewSummary`.
 *
 * ```tsx
 * const change = dirty && parsed.success ? { kind: 'sazonality', sazonality: parsed.data } : null;
 * <PricePreviewSummary {...useChangePreview(business, change)} />
 * ```
 */
export function useChangePreview(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  change: TConfigurationChange | null,
  ms = 400,
): ChangePreview {
  const settled = useDebounced(change, ms);
  const query = usePricePreview(business, settled ? { change: settled } : null);
  if (!change) return { preview: undefined, loading: false };
  const typing = JSON.stringify(settled) !== JSON.stringify(change);
  return {
    preview: settled && !query.isError ? query.data : undefined,
    loading: typing || query.isFetching,
  };
}
