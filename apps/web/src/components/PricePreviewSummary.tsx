import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPricePreviewResponse } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { formatPercentChange, shortDate } from '@/api/prices';

interface PricePreviewSummaryProps {
  /** The answer of `POST …/prices/preview` (its summary); undefined before the first one. */
  preview: Pick<TPricePreviewResponse, 'summary'> | undefined;
  /** A preview is on its way (the last answer, if any, stays on screen meanwhile). */
  loading?: boolean;
}

/**
 * What a configuration change would do to the prices, in one sentence: "Nights that change: 42 ·
 * average +8 % · largest +25 % on 15 Aug", or "No price changes". Announced politely to screen
 * readers as it updates.
 */
export function PricePreviewSummary({ preview, loading = false }: PricePreviewSummaryProps) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();

  let sentence: string | null = null;
  if (preview) {
    const { summary } = preview;
    if (summary.cellsChanged === 0 || !summary.largest) sentence = t('preview.none');
    else
      sentence = t('preview.summary', {
        nights: intl.number(summary.nightsChanged),
        average: formatPercentChange(intl, summary.averageChangePercent),
        largest: formatPercentChange(intl, summary.largest.changePercent),
        date: shortDate(intl, summary.largest.date),
      });
  }

  return (
    <Stack
      direction="row"
      spacing={1}
      role="status"
      aria-live="polite"
      aria-busy={loading}
      sx={{ alignItems: 'center', minBlockSize: 24 }}
    >
      {loading && <CircularProgress size={16} aria-hidden="true" />}
      <Typography variant="body2">
        {sentence ?? (loading ? t('preview.loading') : t('preview.idle'))}
      </Typography>
    </Stack>
  );
}
