import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChannelCall } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageFooterPager } from '@/components/PageFooterPager';
import { dayValue } from '@/lib/dates';
import { useIntl, type Formatters } from '@/lib/intl';
import { formatBytes } from '@/lib/numbers';
import { useChannelCalls } from '@/api/channels';
import type { ConnectionDialogProps } from './FormParts';

const pageSize = 10;

const outcomeColors: Record<TChannelCall['outcome'], 'success' | 'warning' | 'info' | 'error'> = {
  ok: 'success',
  warnings: 'warning',
  retrying: 'info',
  failed: 'error',
};

/** Nights `from`–`to` ("1–3 Jun 2026"), the parts they share written once. */
const nights = (intl: Formatters, from: string, to: string) =>
  intl.dateRange(dayValue(from), dayValue(to), { dateStyle: 'medium', timeZone: 'UTC' });

/** What one call carried, how big it was, and how it ended (HTTP status, message, refusals). */
function CallRow({ call }: { call: TChannelCall }) {
  const { t } = useTranslation('channels');
  const intl = useIntl();
  const figures = [
    call.operation === 'test'
      ? null
      : t(`log.items.${call.operation}`, { n: intl.number(call.items) }),
    t('log.traffic', {
      calls: intl.number(call.calls),
      size: formatBytes(call.bytes, intl.locale),
      duration: intl.number(call.durationMs, {
        style: 'unit',
        unit: 'millisecond',
        unitDisplay: 'short',
      }),
    }),
  ].filter(Boolean);
  return (
    <TableRow data-call={call.id} sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {intl.date(new Date(call.at), { dateStyle: 'short', timeStyle: 'medium' })}
      </TableCell>
      <TableCell>{t(`log.operation.${call.operation}`)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={outcomeColors[call.outcome]}
          label={t(`log.outcome.${call.outcome}`)}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {call.from && call.to ? nights(intl, call.from, call.to) : '—'}
      </TableCell>
      <TableCell>
        {figures.map((figure) => (
          <Typography key={figure} variant="body2">
            {figure}
          </Typography>
        ))}
      </TableCell>
      <TableCell>
        {call.httpStatus !== null && (
          <Typography variant="body2">
            <bdi>{`HTTP ${intl.number(call.httpStatus, { useGrouping: false })}`}</bdi>
          </Typography>
        )}
        {call.message && (
          <Typography variant="body2" color="text.secondary">
            <bdi>{call.message}</bdi>
          </Typography>
        )}
        {call.details.length > 0 && (
          <Box
            component="ul"
            aria-label={t(
              `log.details.${call.operation === 'read_back' ? 'differences' : 'refused'}`,
            )}
            sx={{ m: 0, mt: 0.5, paddingInlineStart: 2 }}
          >
            {call.details.map((detail, i) => (
              <Typography key={i} component="li" variant="body2">
                {t(`log.details.kind.${detail.kind}`)} · <bdi>{detail.key}</bdi> ·{' '}
                {nights(intl, detail.from, detail.to)} — <bdi>{detail.message}</bdi>
              </Typography>
            ))}
          </Box>
        )}
        {call.httpStatus === null && !call.message && call.details.length === 0 && '—'}
      </TableCell>
    </TableRow>
  );
}

/**
 * A connection's log, newest first and page by page: each push, read-back, bookings read, test and
 * restore — when, for which nights, what it carried, in how many calls and bytes, its HTTP status
 * and message, and the values the provider refused or the differences a read-back found.
 */
export function ConnectionLogDialog({ businessUuid, connection, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation('channels');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const [page, setPage] = useState(0);
  const calls = useChannelCalls(businessUuid, connection.uuid, page + 1, pageSize);

  const body = () => {
    if (calls.isPending) {
      return (
        <Stack spacing={1} aria-busy="true" aria-label={t('log.loading')}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      );
    }
    if (calls.isError) {
      return (
        <LoadErrorAlert error={calls.error} onRetry={calls.refetch}>
          {t('log.loadFailed')}
        </LoadErrorAlert>
      );
    }
    if (calls.data.total === 0) {
      return <Typography color="text.secondary">{t('log.none')}</Typography>;
    }
    return (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('log.label', { name: connection.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('log.when')}</TableCell>
              <TableCell>{t('log.what')}</TableCell>
              <TableCell>{t('log.result')}</TableCell>
              <TableCell>{t('log.nights')}</TableCell>
              <TableCell>{t('log.carried')}</TableCell>
              <TableCell>{t('log.answer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {calls.data.calls.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
          </TableBody>
        </Table>
        <PageFooterPager
          total={calls.data.total}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
        />
      </Box>
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('log.title', { name: connection.name })}</DialogTitle>
      <DialogContent dividers>{body()}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
