import LogIcon from '@mui/icons-material/ReceiptLongOutlined';
import MapIcon from '@mui/icons-material/AccountTreeOutlined';
import PauseIcon from '@mui/icons-material/PauseOutlined';
import ResumeIcon from '@mui/icons-material/PlayArrowOutlined';
import ResyncIcon from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChannelConnection } from '@tarifa/contract';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useResyncChannel, useUpdateChannel } from '@/api/channels';
import { ConnectionHealthChip, ConnectionStatusChip } from './ConnectionChips';

export type ConnectionAction = 'map' | 'log' | 'disconnect';

/** A fact of the connection: its name, then its value (ids and addresses kept left to right). */
function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One connection: its provider and name, where it stands (waiting for its mapping, sending,
 * paused), how its last push went (the last error in words), when it last sent and received a
 * booking, the values refused and differences found; and Map, Resync, Pause/Resume, Log and
 * Disconnect. Pausing and resyncing happen here; the rest opens a dialog (`onAction`).
 */
export function ConnectionItem({
  businessUuid,
  connection,
  onAction,
}: {
  businessUuid: string;
  connection: TChannelConnection;
  onAction: (action: ConnectionAction) => void;
}) {
  const { t } = useTranslation('channels');
  const intl = useIntl();
  const titleId = useId();
  const update = useUpdateChannel(businessUuid);
  const resync = useResyncChannel(businessUuid);
  const when = (iso: string) =>
    intl.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const failed = (prefix: string) => (error: unknown) =>
    showSnackbar({ severity: 'error', message: `${t(prefix)} ${errorMessage(t, error)}` });
  const { provider, status, capabilities } = connection;
  const sending = status !== 'mapping';
  const staging = provider === 'channex' && connection.endpoint.includes('staging');

  const setStatus = (next: 'active' | 'paused') =>
    update.mutate(
      { id: connection.uuid, version: connection.version, status: next },
      {
        onSuccess: () =>
          showSnackbar({
            severity: 'success',
            message: t(next === 'paused' ? 'card.paused' : 'card.resumed', {
              name: connection.name,
            }),
          }),
        onError: failed(next === 'paused' ? 'card.pauseFailed' : 'card.resumeFailed'),
      },
    );

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardHeader
        title={connection.name}
        subheader={
          staging
            ? `${t(`providers.${provider}.name`)} · ${t('card.staging')}`
            : t(`providers.${provider}.name`)
        }
        slotProps={{ title: { id: titleId, component: 'h3', variant: 'h6' } }}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ConnectionStatusChip status={status} />
            {sending && <ConnectionHealthChip health={connection.health} />}
          </Stack>
        }
        sx={{ flexWrap: 'wrap', gap: 1, pb: 1 }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {status === 'mapping' && <Alert severity="info">{t('card.mappingFirst')}</Alert>}
          {status === 'paused' && <Alert severity="warning">{t('card.pausedNote')}</Alert>}
          {connection.health === 'failing' && connection.lastError && (
            <Alert severity="error">
              {t('card.lastError')} <bdi>{connection.lastError}</bdi>
            </Alert>
          )}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, auto) 1fr' },
              columnGap: 2,
              rowGap: 0.75,
            }}
          >
            <Fact name={t(`providers.${provider}.propertyId`)}>
              <bdi dir="ltr">{connection.propertyId}</bdi>
            </Fact>
            {provider === 'opentravel' && (
              <Fact name={t('card.endpoint')}>
                <bdi dir="ltr">{connection.endpoint}</bdi>
              </Fact>
            )}
            <Fact name={t(`providers.${provider}.secret`)}>
              {t('card.endsWith')} <bdi dir="ltr">{connection.credentialsHint}</bdi>
            </Fact>
            <Fact name={t('card.lastPush')}>
              {connection.lastPushAt ? when(connection.lastPushAt) : t('card.nothingSent')}
            </Fact>
            <Fact name={t('card.lastBooking')}>
              {!capabilities.sendsBookings
                ? t('card.noBookings')
                : connection.lastBookingAt
                  ? when(connection.lastBookingAt)
                  : t('card.noBookingYet')}
            </Fact>
            {sending && (
              <Fact name={t('card.refused')}>
                <bdi>{intl.number(connection.warnings)}</bdi>
              </Fact>
            )}
            {sending && capabilities.readsBack && (
              <Fact name={t('card.differences')}>
                <bdi>{intl.number(connection.differences)}</bdi>
              </Fact>
            )}
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }} disableSpacing>
        <Button
          variant={status === 'mapping' ? 'contained' : 'outlined'}
          startIcon={<MapIcon />}
          onClick={() => onAction('map')}
        >
          {t('card.map')}
        </Button>
        {status === 'active' && (
          <Button
            variant="outlined"
            startIcon={<ResyncIcon />}
            loading={resync.isPending}
            onClick={() =>
              resync.mutate(connection.uuid, {
                onSuccess: () =>
                  showSnackbar({ severity: 'success', message: t('card.resyncQueued') }),
                onError: failed('card.resyncFailed'),
              })
            }
          >
            {t('card.resync')}
          </Button>
        )}
        {sending && (
          <Button
            variant="outlined"
            startIcon={status === 'paused' ? <ResumeIcon /> : <PauseIcon />}
            loading={update.isPending}
            onClick={() => setStatus(status === 'paused' ? 'active' : 'paused')}
          >
            {status === 'paused' ? t('card.resume') : t('card.pause')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<LogIcon />} onClick={() => onAction('log')}>
          {t('card.log')}
        </Button>
        <Button
          color="error"
          onClick={() => onAction('disconnect')}
          sx={{ marginInlineStart: 'auto' }}
        >
          {t('card.disconnect')}
        </Button>
      </CardActions>
    </Card>
  );
}
