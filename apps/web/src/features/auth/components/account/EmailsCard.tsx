import LockResetIcon from '@mui/icons-material/LockResetOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TUser } from '@tarifa/contract';

function Item({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack component="li" direction="row" spacing={2}>
      <Box
        sx={{
          inlineSize: 40,
          blockSize: 40,
          flexShrink: 0,
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * What Tarifa sends by email, to which address and in which language: the password reset link,
 * sent on request, and the morning digest (switched on or off in `DigestCard`).
 */
export function EmailsCard({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  return (
    <Card>
      <CardHeader
        title={t('emails.title')}
        subheader={t('emails.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack component="ul" spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <Item icon={<MailIcon />} title={t('emails.addressTitle')}>
            <Trans
              t={t}
              i18nKey="emails.address"
              values={{ email: user.email }}
              components={{ strong: <Box component="strong" sx={{ color: 'text.primary' }} /> }}
            />
          </Item>
          <Item icon={<LockResetIcon />} title={t('emails.resetTitle')}>
            {t('emails.reset')}
          </Item>
          <Item icon={<TranslateIcon />} title={t('emails.languageTitle')}>
            <Trans
              t={t}
              i18nKey="emails.language"
              values={{ language: t(`common:language.${user.language}`) }}
              components={{
                strong: <Box component="strong" sx={{ color: 'text.primary' }} />,
                tab: <Link component={RouterLink} to="/account-settings/account" />,
              }}
            />
          </Item>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t('emails.nothingElse')}
        </Typography>
      </CardContent>
    </Card>
  );
}
