import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useChannelDeliveries } from '@/api/channels';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';

/**
 * Where the night's published price went: for each connection selling the room type, when its
 * channel took it, or that it has not yet (waiting, failing or paused — its card says which).
 * Nothing when no connection sells the room type.
 */
export function ChannelDeliveries({
  businessUuid,
  roomUuid,
  night,
}: {
  businessUuid: string;
  roomUuid: string;
  night: string;
}) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const deliveries = useChannelDeliveries(businessUuid, roomUuid, night);
  if (!deliveries.data?.length) return null;
  return (
    <Stack
      component="ul"
      spacing={0.5}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
      data-testid="channel-deliveries"
    >
      {deliveries.data.map((connection) => (
        <Typography
          component="li"
          variant="body2"
          key={connection.uuid}
          color={connection.sentAt ? 'text.secondary' : 'warning.main'}
        >
          {connection.sentAt
            ? t('explain.sentTo', {
                name: isolate(intl, connection.name),
                when: intl.date(new Date(connection.sentAt), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('explain.notSentTo', { name: isolate(intl, connection.name) })}
        </Typography>
      ))}
    </Stack>
  );
}
