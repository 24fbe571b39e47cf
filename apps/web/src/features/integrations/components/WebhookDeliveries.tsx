import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWebhookAttempt, TWebhookDelivery } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageFooterPager } from '@/components/PageFooterPager';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhook';

const pageSize = 10;

function DeliveryStatus({ delivery }: { delivery: TWebhookDelivery }) {
  const { t } = useTranslation('integrations');
  const status =
    delivery.status === 'pending' && delivery.attempts.length > 0 ? 'retrying' : delivery.status;
  const color = { pending: 'default', retrying: 'warning', delivered: 'success', failed: 'error' }[
    status
  ] as 'default' | 'warning' | 'success' | 'error';
  return <Chip size="small" color={color} label={t(`deliveries.status.${status}`)} />;
}

function Attempt({ attempt }: { attempt: TWebhookAttempt }) {
  const { t } = useTranslation('integrations');
  const intl = useIntl();
  const values = {
    when: intl.date(new Date(attempt.at), { dateStyle: 'short', timeStyle: 'medium' }),
    status:
      attempt.httpStatus === null ? '' : intl.number(attempt.httpStatus, { useGrouping: false }),
    duration: intl.number(attempt.durationMs, {
      style: 'unit',
      unit: 'millisecond',
      unitDisplay: 'short',
    }),
    error: attempt.error ?? '',
  };
  return (
    <Typography component="li" variant="body2">
      {attempt.httpStatus === null
        ? t('deliveries.attemptNoAnswer', values)
        : t('deliveries.attempt', values)}
      {attempt.httpStatus !== null && attempt.error ? ` — ${attempt.error}` : ''}
    </Typography>
  );
}

/**
 * The webhook's delivery log: when each delivery was made, what it carried, its status, every
 * attempt (time, HTTP status, duration), the next attempt, and Re-send for a failed or delivered one.
 */
export function WebhookDeliveries({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('integrations');
  const intl = useIntl();
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(businessUuid, page + 1, pageSize);
  const resend = useResendDelivery(businessUuid);
  const when = (iso: string) =>
    intl.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  if (deliveries.isPending) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('deliveries.loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }
  if (deliveries.isError) {
    return (
      <LoadErrorAlert error={deliveries.error} onRetry={deliveries.refetch}>
        {t('deliveries.loadFailed')}
      </LoadErrorAlert>
    );
  }
  if (deliveries.data.total === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('deliveries.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('deliveries.label')} data-testid="webhook-deliveries">
        <TableHead>
          <TableRow>
            <TableCell>{t('deliveries.created')}</TableCell>
            <TableCell>{t('deliveries.kind')}</TableCell>
            <TableCell>{t('deliveries.statusHeader')}</TableCell>
            <TableCell>{t('deliveries.attempts')}</TableCell>
            <TableCell>{t('deliveries.next')}</TableCell>
            <TableCell align="right">{t('deliveries.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.data.deliveries.map((delivery) => (
            <TableRow key={delivery.id} data-delivery={delivery.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.createdAt)}</TableCell>
              <TableCell>
                {delivery.kind === 'test'
                  ? t('deliveries.test')
                  : t('deliveries.prices', { n: intl.number(delivery.prices) })}
              </TableCell>
              <TableCell>
                <DeliveryStatus delivery={delivery} />
              </TableCell>
              <TableCell>
                {delivery.attempts.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('deliveries.noAttempt')}
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
                    {delivery.attempts.map((attempt, i) => (
                      <Attempt key={i} attempt={attempt} />
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {delivery.nextAttemptAt ? when(delivery.nextAttemptAt) : '—'}
              </TableCell>
              <TableCell align="right">
                {(delivery.status === 'failed' || delivery.status === 'delivered') && (
                  <Button
                    size="small"
                    aria-label={t('deliveries.resendOf', { when: when(delivery.createdAt) })}
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(delivery.id, {
                        onSuccess: () =>
                          showSnackbar({ severity: 'success', message: t('deliveries.resent') }),
                        onError: (error) =>
                          showSnackbar({
                            severity: 'error',
                            message: `${t('deliveries.resendFailed')} ${errorMessage(t, error)}`,
                          }),
                      })
                    }
                  >
                    {t('deliveries.resend')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PageFooterPager
        total={deliveries.data.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
    </Box>
  );
}
