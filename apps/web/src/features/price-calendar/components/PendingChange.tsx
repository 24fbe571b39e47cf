import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { priceStageWordKey, type TPriceChange } from '@tarifa/contract';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import {
  describeChange,
  formatDifference,
  useDecidePriceChanges,
  useNightChange,
  type PriceChangeDecision,
} from '@/api/price-changes';
import { formatMoney } from '@/api/prices';
import { integrationsPath } from '@/api/publishing';
import { PriceStageLine, priceStageColors } from '@/components/price-life/PriceStage';
import { useApprovedNotice } from '@/components/price-life/useApprovedNotice';
import { showSnackbar } from '@/lib/snackbar';

/**
 * Where the night's newest decided change is in its life, in the panel when none waits: "Sent to
 * your webhook at 14:32", or "Not sent: no destination connected" with a way to connect one.
 */
export function NightPriceLife({
  businessUuid,
  roomUuid,
  date,
  currency,
}: {
  businessUuid: string;
  roomUuid: string;
  date: string;
  currency: string;
}) {
  const { t } = useTranslation('priceCalendar');
  const { t: tc } = useTranslation('priceChanges');
  const intl = useIntl();
  const newest = useNightChange(businessUuid, roomUuid, date).data;
  if (!newest || newest.stage === 'waiting') return null;
  const key = priceStageWordKey(newest.stage, newest.delivery);
  const severity = priceStageColors[key];
  return (
    <Alert
      severity={severity === 'default' ? 'info' : severity}
      data-testid="night-price-life"
      action={
        key === 'not_sent_no_destination' || key === 'not_sent_delivery_failed' ? (
          <Button color="inherit" size="small" component={RouterLink} to={integrationsPath}>
            {tc('webhook.open')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>
        {t('life.title', { price: formatMoney(intl, newest.newPrice, currency) })}
      </AlertTitle>
      <PriceStageLine change={newest} />
    </Alert>
  );
}

/**
 * A night's change waiting for approval, in the explanation panel: old → new with the difference,
 * why, and Approve / Reject for this one change (the calendar and the list are fetched again).
 */
export function PendingChange({
  businessUuid,
  change,
  currency,
}: {
  businessUuid: string;
  change: TPriceChange;
  currency: string;
}) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const decide = useDecidePriceChanges(businessUuid);
  const approvedNotice = useApprovedNotice(businessUuid);
  const money = (value: number) => formatMoney(intl, value, currency);
  const difference = formatDifference(intl, currency, change);

  const send = (decision: PriceChangeDecision) =>
    decide.mutate(
      { decision, body: { ids: [change.id] } },
      {
        onSuccess: ({ moved }) =>
          decision === 'approve'
            ? void approvedNotice(moved)
            : showSnackbar({ severity: 'success', message: t('pending.rejected') }),
        onError: (error) =>
          showSnackbar({
            severity: 'error',
            message: `${t('pending.failed')} ${errorMessage(t, error)}`,
          }),
      },
    );

  return (
    <Alert severity="warning" data-testid="pending-change">
      <AlertTitle>{t('pending.title')}</AlertTitle>
      <Stack spacing={1}>
        <Typography variant="body2">
          {change.oldPrice === null
            ? t('pending.first', { price: money(change.newPrice) })
            : difference?.percent
              ? t('pending.change', {
                  old: money(change.oldPrice),
                  new: money(change.newPrice),
                  money: difference.money,
                  percent: difference.percent,
                })
              : t('pending.changeNoPercent', {
                  old: money(change.oldPrice),
                  new: money(change.newPrice),
                  money: difference?.money ?? '',
                })}
        </Typography>
        <Typography variant="body2">
          {t('pending.why', { reason: describeChange(intl, currency, change) })}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            color="primary"
            loading={decide.isPending && decide.variables?.decision === 'approve'}
            disabled={decide.isPending}
            onClick={() => send('approve')}
            data-testid="approve-pending-change"
          >
            {t('pending.approve')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            loading={decide.isPending && decide.variables?.decision === 'reject'}
            disabled={decide.isPending}
            onClick={() => send('reject')}
            data-testid="reject-pending-change"
          >
            {t('pending.reject')}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
