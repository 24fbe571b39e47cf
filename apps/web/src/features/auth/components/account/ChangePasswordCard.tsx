import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/PasswordField';
import { PasswordRules } from '@/components/PasswordRules';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useChangePassword } from '../../api/sessions';
import { changePasswordFormSchema } from '../../utils/schemas';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useZodForm({
    schema: changePasswordFormSchema,
    initialValues: empty,
    onSubmit: async ({ currentPassword, newPassword }, { reset }) => {
      await change.mutateAsync({ currentPassword, newPassword });
      // The fields are emptied, so the password does not stay on screen.
      reset();
      setChanged(true);
    },
  });

  return (
    <Card>
      <CardHeader
        title={t('password.title')}
        subheader={t('password.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="form" {...form.formProps} onChange={() => setChanged(false)}>
          <Stack spacing={2.5}>
            <FormAlert error={form.formError} />
            {changed && (
              <Alert severity="success" role="status">
                {t('password.changed')}
              </Alert>
            )}
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 6 }}>
                <PasswordField
                  {...form.field('currentPassword')}
                  label={t('password.current')}
                  autoComplete="current-password"
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }} sx={{ display: { xs: 'none', md: 'block' } }} />
              <Grid size={{ xs: 12, md: 6 }}>
                <Stack spacing={2.5}>
                  <PasswordField
                    {...form.field('newPassword')}
                    label={t('password.new')}
                    autoComplete="new-password"
                    fullWidth
                    describedBy="change-password-rules"
                  />
                  <PasswordRules id="change-password-rules" password={form.values.newPassword} />
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <PasswordField
                  {...form.field('confirm')}
                  label={t('password.confirm')}
                  autoComplete="new-password"
                  fullWidth
                />
              </Grid>
            </Grid>
            <Box>
              <Button type="submit" variant="contained" loading={form.submitting}>
                {t('password.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
