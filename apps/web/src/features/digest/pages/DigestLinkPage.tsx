import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { TDigestLink } from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { useDigestLink, useUseDigestLink } from '../api';
import { AuthCard } from '@/components/AuthCard';
import { refusalOf, useDigestLanguage } from '../components';

/** The change a link is about, as the e-mail showed it. */
function ChangeSummary({ link }: { link: TDigestLink }) {
  const { t } = useTranslation('digest');
  const intl = useIntl();
  const money = (amount: number) => isolate(intl, intl.money(amount, link.property.currency));
  const rows: [string, string][] = [
    [t('property'), link.property.name],
    [
      t('night'),
      intl.date(new Date(`${link.change.date}T00:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' }),
    ],
    [t('room'), link.change.roomName],
    [
      t('price'),
      link.change.oldPrice === null
        ? t('firstPrice', { price: money(link.change.newPrice) })
        : `${money(link.change.oldPrice)} → ${money(link.change.newPrice)}`,
    ],
  ];
  return (
    <Table size="small" sx={{ my: 2 }}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', ps: 0 }}>
              {label}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const openChanges = (label: string) => (
  <Button variant="outlined" component={RouterLink} to="/pricing-central/price-changes">
    {label}
  </Button>
);

/**
 * `/digest/link?token=…`, opened from a digest's approve or reject link. Opening it changes
 * nothing (mail scanners open links too); one click on the button does what the link says, as
 * the owner, and tells the outcome. A link that cannot act any more says why.
 */
export default function DigestLinkPage() {
  const { t } = useTranslation('digest');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useDigestLink(token);
  const act = useUseDigestLink();
  useDigestLanguage(link.data?.locale);

  if (!token) {
    return (
      <AuthCard icon={<LinkOffIcon sx={{ fontSize: 48 }} aria-hidden />} title={t('missingTitle')}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('missingBody')}
        </Typography>
        {openChanges(t('openChanges'))}
      </AuthCard>
    );
  }
  const error = link.error ?? act.error;
  if (error) {
    const code = refusalOf(error);
    return (
      <AuthCard
        icon={<LinkOffIcon sx={{ fontSize: 48 }} color="warning" aria-hidden />}
        title={t('refusedTitle')}
      >
        <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="digest-refusal">
          {t(`refusals.${code ?? 'link_invalid'}`)}
        </Typography>
        {openChanges(t('openChanges'))}
      </AuthCard>
    );
  }
  if (!link.data) {
    return (
      <AuthCard title={t('loading')}>
        <CircularProgress aria-label={t('loading')} />
      </AuthCard>
    );
  }
  const approve = link.data.action === 'approve';
  if (act.data) {
    return (
      <AuthCard
        icon={
          approve ? (
            <CheckCircleIcon sx={{ fontSize: 48 }} color="success" aria-hidden />
          ) : (
            <CancelIcon sx={{ fontSize: 48 }} color="error" aria-hidden />
          )
        }
        title={t(approve ? 'approvedTitle' : 'rejectedTitle')}
      >
        <ChangeSummary link={act.data} />
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(approve ? 'approvedBody' : 'rejectedBody')}
        </Typography>
        {openChanges(t('openChanges'))}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t(approve ? 'approveTitle' : 'rejectTitle')}>
      <ChangeSummary link={link.data} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="contained"
          color={approve ? 'success' : 'error'}
          size="large"
          loading={act.isPending}
          onClick={() => act.mutate(token)}
        >
          {t(approve ? 'approve' : 'reject')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('confirmWhy')}
      </Typography>
    </AuthCard>
  );
}
