import LinkOffIcon from '@mui/icons-material/LinkOff';
import MailIcon from '@mui/icons-material/MailOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useUnsubscribeDigest } from '../api';
import { AuthCard } from '@/components/AuthCard';
import { useDigestLanguage } from '../components';

/**
 * `/digest/unsubscribe?token=…`: the digest's signed unsubscribe link switches it off in one
 * click, without signing in (the mail client's own button posts to the API directly).
 */
export default function DigestUnsubscribePage() {
  const { t } = useTranslation('digest');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeDigest();
  const sent = useRef(false);
  useDigestLanguage(unsubscribe.data?.locale);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const settings = (
    <Button variant="outlined" component={RouterLink} to="/account-settings/notifications">
      {t('openSettings')}
    </Button>
  );
  if (unsubscribe.data) {
    return (
      <AuthCard
        icon={<MailIcon sx={{ fontSize: 48 }} color="primary" aria-hidden />}
        title={t('unsubscribedTitle')}
      >
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('unsubscribedBody')}
        </Typography>
        {settings}
      </AuthCard>
    );
  }
  if (!token || unsubscribe.isError) {
    return (
      <AuthCard
        icon={<LinkOffIcon sx={{ fontSize: 48 }} color="warning" aria-hidden />}
        title={t('refusedTitle')}
      >
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('unsubscribeFailed')}
        </Typography>
        {settings}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('unsubscribingTitle')}>
      <CircularProgress aria-label={t('unsubscribingTitle')} />
    </AuthCard>
  );
}
