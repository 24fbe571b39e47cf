import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PasswordField } from '@/components/PasswordField';
import { PasswordRules } from '@/components/PasswordRules';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useResetPassword } from '../api/passwordReset';
import { AuthCard } from '@/components/AuthCard';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useZodForm({
    schema: () => import('../utils/schemas').then((schemas) => schemas.resetPasswordFormSchema),
    initialValues: { password: '', confirm: '' },
    onSubmit: async ({ password }) => {
      await reset.mutateAsync({ token, password });
      setDone(true);
    },
  });

  if (done) {
    return (
      <AuthCard
        icon={<CheckCircleIcon sx={{ fontSize: 48 }} color="success" aria-hidden />}
        title={t('reset.doneTitle')}
        subtitle={t('reset.doneBody')}
      >
        <Button variant="contained" size="large" fullWidth component={RouterLink} to="/login">
          {t('reset.signIn')}
        </Button>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard
        icon={<LinkOffIcon sx={{ fontSize: 48 }} aria-hidden />}
        title={t('reset.missingTitle')}
        subtitle={t('reset.missingBody')}
      >
        <Button
          variant="contained"
          size="large"
          fullWidth
          component={RouterLink}
          to="/forgot-password"
        >
          {t('reset.requestNew')}
        </Button>
      </AuthCard>
    );
  }

  const linkExpired = form.formError?.details.some((d) => d.code === 'invalid_token');
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Box component="form" {...form.formProps}>
        <Stack spacing={2.5}>
          <FormAlert error={form.formError} />
          {linkExpired && (
            <Button variant="outlined" component={RouterLink} to="/forgot-password">
              {t('reset.requestNew')}
            </Button>
          )}
          <PasswordField
            {...form.field('password')}
            label={t('reset.password')}
            autoComplete="new-password"
            autoFocus
            fullWidth
            describedBy="reset-password-rules"
          />
          <PasswordRules id="reset-password-rules" password={form.values.password} />
          <PasswordField
            {...form.field('confirm')}
            label={t('reset.confirm')}
            autoComplete="new-password"
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.submitting}
          >
            {t('reset.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {t('forgot.back')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
