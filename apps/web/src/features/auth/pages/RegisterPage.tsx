import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isLocale } from '@tarifa/contract';
import { InputField } from '@/components/InputField';
import { PasswordField } from '@/components/PasswordField';
import { PasswordRules } from '@/components/PasswordRules';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useRegister } from '../api/register';
import { AuthCard } from '@/components/AuthCard';
import { withTo } from '../utils/withTo';

export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const register = useRegister();
  const form = useZodForm({
    schema: () => import('../utils/schemas').then((schemas) => schemas.ZRegisterBody),
    // An invitation's page sends the address it was sent to (`?email=`).
    initialValues: { name: '', email: params.get('email') ?? '', password: '' },
    // The account starts in the language the page is shown in.
    onSubmit: (body) =>
      register.mutateAsync({
        ...body,
        language: isLocale(i18n.language) ? i18n.language : undefined,
      }),
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <Box component="form" {...form.formProps}>
        <Stack spacing={2.5}>
          <FormAlert error={form.formError} />
          <InputField
            {...form.field('name')}
            label={t('register.name')}
            autoComplete="name"
            autoFocus
            fullWidth
          />
          <InputField
            {...form.field('email')}
            label={t('register.email')}
            type="email"
            autoComplete="email"
            fullWidth
          />
          <PasswordField
            {...form.field('password')}
            label={t('register.password')}
            autoComplete="new-password"
            fullWidth
            describedBy="register-password-rules"
          />
          <PasswordRules id="register-password-rules" password={form.values.password} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.submitting}
          >
            {t('register.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('register.haveAccount')}{' '}
            <Link component={RouterLink} to={withTo('/login', params.get('to'))}>
              {t('register.signIn')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
