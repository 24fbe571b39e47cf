import ImageIcon from '@mui/icons-material/ImageOutlined';
import TableIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { EChartsType } from 'echarts/core';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { showSnackbar } from '@/lib/snackbar';
import { ChartInstanceContext } from './chartInstance';
import { downloadCsv, downloadPng, type ChartTable } from './exportChart';

/** Where a card with no bookings to show sends the owner. */
const importBookingsPath = '/pricing-central/bookings/import';

/** What a card knows of the queries it draws: the fields of TanStack Query's results it reads. */
export interface LoadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The state of several queries as one: pending while any is, failed when any failed. */
export function combine(...queries: LoadState[]): LoadState {
  const failed = queries.filter((query) => query.isError);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    refetch: () => failed.forEach((query) => void query.refetch()),
  };
}

interface ChartCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Controls of the card (a measure, a grouping), shown beside its title. */
  controls?: ReactNode;
  /** The queries it draws from. */
  load: LoadState;
  /** Nothing to draw in the answer (no bookings in the period). */
  empty?: boolean;
  /** What to say instead of the default "no bookings in this period". */
  emptyState?: ReactNode;
  /** The figures behind the card, for its CSV export; no export without it. */
  table?: () => ChartTable;
  /** The name of the exported files, without extension. */
  fileName: string;
  /** The height of what the card draws, kept by its skeleton while it loads. */
  height?: number;
  /** What the card shows once its figures are there (called only then). */
  children: () => ReactNode;
}

/**
 * A card around a chart or a panel of figures: its title, a skeleton while the figures load, the
 * error with Try again, "no bookings in this period" with the way to import them, and the exports
 * — the figures as CSV, the chart (when there is one) as PNG.
 */
export function ChartCard({
  title,
  subtitle,
  controls,
  load,
  empty = false,
  emptyState,
  table,
  fileName,
  height = 320,
  children,
}: ChartCardProps) {
  const { t } = useTranslation('charts');
  const theme = useTheme();
  const titleId = useId();
  const [chart, setChart] = useState<EChartsType | null>(null);
  const register = useCallback((instance: EChartsType | null) => setChart(instance), []);
  const ready = !load.isPending && !load.isError && !empty;

  const savePng = async () => {
    if (!chart) return;
    try {
      await downloadPng(chart, fileName, theme.palette.background.paper);
    } catch {
      showSnackbar({ message: t('pngFailed'), severity: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ blockSize: '100%' }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
        >
          <Box sx={{ minInlineSize: 0 }}>
            <Typography id={titleId} variant="h5" component="h2">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}
          >
            {controls}
            {ready && table && (
              <Tooltip title={t('exportCsv', { title })}>
                <IconButton
                  aria-label={t('exportCsv', { title })}
                  onClick={() => downloadCsv(fileName, table())}
                >
                  <TableIcon />
                </IconButton>
              </Tooltip>
            )}
            {ready && chart && (
              <Tooltip title={t('exportPng', { title })}>
                <IconButton aria-label={t('exportPng', { title })} onClick={() => void savePng()}>
                  <ImageIcon />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        </Stack>
        {load.isPending ? (
          <Box aria-busy="true" aria-label={t('loading')} role="status">
            <Skeleton variant="rounded" sx={{ blockSize: height }} />
          </Box>
        ) : load.isError ? (
          <LoadErrorAlert error={load.error} onRetry={load.refetch}>
            {t('loadFailed')}
          </LoadErrorAlert>
        ) : empty ? (
          (emptyState ?? <NoBookings />)
        ) : (
          <ChartInstanceContext value={register}>{children()}</ChartInstanceContext>
        )}
      </CardContent>
    </Card>
  );
}

/** No bookings in the period: what to do about it. */
export function NoBookings({ dense = true }: { dense?: boolean }) {
  const { t } = useTranslation('charts');
  return (
    <EmptyState
      dense={dense}
      icon={UploadFileIcon}
      headingLevel="p"
      title={t('empty.title')}
      body={t('empty.body')}
      action={
        <Button component={Link} to={importBookingsPath} variant="outlined" size="small">
          {t('empty.action')}
        </Button>
      }
    />
  );
}
