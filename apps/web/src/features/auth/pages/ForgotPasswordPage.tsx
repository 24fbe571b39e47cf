import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { InputField } from '@/components/InputField';
import { FormAlert, toFormError, useZodForm } from '@/lib/forms';
import { useForgotPassword } from '../api/passwordReset';
import { AuthCard } from '@/components/AuthCard';

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        {t('forgot.back')}
      </Link>
    </Typography>
  );
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAgain, setSentAgain] = useState(false);
  const form = useZodForm({
    schema: () => import('../utils/schemas').then((schemas) => schemas.ZForgotPasswordBody),
    initialValues: { email: '' },
    onSubmit: async (body) => {
      await forgot.mutateAsync(body);
      setSentTo(body.email);
    },
  });

  if (sentTo) {
    return (
      <AuthCard
        icon={<MarkEmailReadIcon sx={{ fontSize: 48 }} aria-hidden />}
        title={t('forgot.sentTitle')}
        subtitle={
          <Trans
            t={t}
            i18nKey="forgot.sentBody"
            values={{ email: sentTo }}
            components={{ strong: <strong /> }}
          />
        }
      >
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('forgot.notReceived')}
          </Typography>
          {sentAgain && (
            <Alert severity="success" role="status">
              {t('forgot.sentAgain')}
            </Alert>
          )}
          {forgot.isError && <FormAlert error={toFormError(forgot.error)} />}
          <Button
            variant="outlined"
            loading={forgot.isPending}
            onClick={() =>
              forgot.mutate({ email: sentTo }, { onSuccess: () => setSentAgain(true) })
            }
          >
            {t('forgot.sendAgain')}
          </Button>
          <Button variant="contained" component={RouterLink} to="/login">
            {t('forgot.back')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Box component="form" {...form.formProps}>
        <Stack spacing={2.5}>
          <FormAlert error={form.formError} />
          <InputField
            {...form.field('email')}
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.submitting}
          >
            {t('forgot.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </Box>
    </AuthCard>
  );
}
