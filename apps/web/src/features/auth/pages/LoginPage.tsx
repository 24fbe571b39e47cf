import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { InputField } from '@/components/InputField';
import { PasswordField } from '@/components/PasswordField';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useDemoInfo } from '../api/demo';
import { useLogin } from '../api/login';
import { AuthCard } from '@/components/AuthCard';
import { withTo } from '../utils/withTo';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const to = params.get('to');
  const login = useLogin();
  const demo = useDemoInfo();
  const form = useZodForm({
    schema: () => import('../utils/schemas').then((schemas) => schemas.ZLoginBody),
    initialValues: { email: '', password: '' },
    onSubmit: (body) => login.mutateAsync(body),
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <Box component="form" {...form.formProps}>
        <Stack spacing={2.5}>
          <FormAlert error={form.formError} />
          {demo?.enabled && demo.email && demo.password && (
            <Alert
              severity="info"
              // A standing hint, not news: screen readers should not announce it as an alert.
              role="note"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => form.setValues({ email: demo.email, password: demo.password })}
                >
                  {t('login.demoUse')}
                </Button>
              }
            >
              {t('login.demo')}{' '}
              <Box component="span" dir="ltr" sx={{ fontWeight: 600, unicodeBidi: 'isolate' }}>
                {demo.email} / {demo.password}
              </Box>
            </Alert>
          )}
          <InputField
            {...form.field('email')}
            label={t('login.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
          />
          <PasswordField
            {...form.field('password')}
            label={t('login.password')}
            autoComplete="current-password"
            fullWidth
          />
          <Link
            component={RouterLink}
            to="/forgot-password"
            variant="body2"
            sx={{ alignSelf: 'flex-end' }}
          >
            {t('login.forgot')}
          </Link>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.submitting}
          >
            {t('login.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('login.noAccount')}{' '}
            <Link component={RouterLink} to={withTo('/register', to)}>
              {t('login.register')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
