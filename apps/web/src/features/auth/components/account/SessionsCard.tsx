import ComputerIcon from '@mui/icons-material/ComputerOutlined';
import SmartphoneIcon from '@mui/icons-material/SmartphoneOutlined';
import TabletIcon from '@mui/icons-material/TabletMacOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSession } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useRevokeSessions, useSessions } from '../../api/sessions';
import { parseUserAgent, type Device } from '../../utils/userAgent';
import { dateTime, timeAgo } from '../../utils/time';

const icons = { phone: SmartphoneIcon, tablet: TabletIcon, computer: ComputerIcon };

function useDeviceName() {
  const { t } = useTranslation('account');
  return ({ browser, os }: Device) =>
    browser && os
      ? t('sessions.browserOn', { browser, os })
      : (browser ?? os ?? t('sessions.unknownDevice'));
}

function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: TSession;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('account');
  const { locale } = useIntl();
  const device = parseUserAgent(session.userAgent);
  const name = useDeviceName()(device);
  const Icon = icons[device.kind];
  const now = new Date();
  const details = [
    session.current
      ? t('sessions.activeNow')
      : t('sessions.lastActive', { when: timeAgo(session.lastUsedAt, now, locale) }),
    t('sessions.signedIn', { when: dateTime(session.createdAt, locale) }),
    // An address reads left to right in every language.
    session.ip && t('sessions.ip', { ip: `\u2066${session.ip}\u2069` }),
  ].filter(Boolean);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ py: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      <Stack direction="row" spacing={2} sx={{ flex: 1, minInlineSize: 0 }}>
        <Box
          sx={{
            inlineSize: 40,
            blockSize: 40,
            flexShrink: 0,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <Icon aria-hidden />
        </Box>
        <Box sx={{ minInlineSize: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            {session.current && (
              <Chip
                label={t('sessions.thisDevice')}
                color="success"
                size="small"
                variant="outlined"
              />
            )}
          </Stack>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            useFlexGap
            sx={{ flexWrap: 'wrap', columnGap: 1, color: 'text.secondary' }}
          >
            {details.map((detail, i) => (
              <Fragment key={i}>
                {i > 0 && (
                  <Box component="span" aria-hidden sx={{ display: { xs: 'none', md: 'inline' } }}>
                    ·
                  </Box>
                )}
                <Typography variant="body2">{detail}</Typography>
              </Fragment>
            ))}
          </Stack>
        </Box>
      </Stack>
      {!session.current && (
        <Button
          variant="outlined"
          color="primary"
          size="small"
          onClick={onRevoke}
          loading={revoking}
          aria-label={t('sessions.revokeNamed', { device: name })}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
        >
          {t('sessions.revoke')}
        </Button>
      )}
    </Stack>
  );
}

/** Where the account is signed in, this browser first, with a way to sign the others out. */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const [pending, setPending] = useState<string[]>([]);
  const [signedOut, setSignedOut] = useState<'one' | 'others' | null>(null);

  const sorted = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  const others = sorted.filter((s) => !s.current).map((s) => s.id);

  const signOut = (ids: string[]) => {
    setPending(ids);
    setSignedOut(null);
    revoke.mutate(ids, {
      onSuccess: () => setSignedOut(ids.length === 1 ? 'one' : 'others'),
      onSettled: () => setPending([]),
    });
  };

  return (
    <Card>
      <CardHeader
        title={t('sessions.title')}
        subheader={t('sessions.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {sessions.isPending && (
          <Stack spacing={2} aria-busy>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        )}
        {sessions.isError && <LoadErrorAlert error={sessions.error} onRetry={sessions.refetch} />}
        {revoke.isError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(t, revoke.error)}
          </Alert>
        )}
        {signedOut && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {signedOut === 'one' ? t('sessions.signedOutOne') : t('sessions.signedOutOthers')}
          </Alert>
        )}
        {sessions.data && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sorted.map((session, i) => (
              <Fragment key={session.id}>
                {i > 0 && <Divider component="li" aria-hidden />}
                <SessionRow
                  session={session}
                  onRevoke={() => signOut([session.id])}
                  revoking={pending.length === 1 && pending[0] === session.id}
                />
              </Fragment>
            ))}
          </Box>
        )}
        {others.length === 0 && sessions.data && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('sessions.onlyThis')}
          </Typography>
        )}
        {others.length > 0 && (
          <Button
            color="error"
            variant="outlined"
            onClick={() => signOut(others)}
            loading={revoke.isPending && pending.length > 1}
            disabled={revoke.isPending}
            sx={{ mt: 1 }}
          >
            {t('sessions.revokeOthers')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
