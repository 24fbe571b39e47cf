import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, ZUpdateUserBody, type TUser } from '@tarifa/contract';
import { FormAlert, useZodForm } from '@/lib/forms';
import { changeLanguage } from '@/lib/i18n';
import { useUpdateUser } from '../../api/account';

/** Name and language are the user's to change; both must be present on this form. */
const profileSchema = ZUpdateUserBody.required();

/** Name, email (read-only) and language; a new language is applied as soon as it is saved. */
export function ProfileForm({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const update = useUpdateUser();
  const [saved, setSaved] = useState(false);
  const initialValues = { name: user.name, language: user.language };
  const form = useZodForm({
    schema: profileSchema,
    initialValues,
    onSubmit: async (changes) => {
      const updated = await update.mutateAsync({ uuid: user.uuid, ...changes });
      // The saved user becomes the `user` prop, so the form is no longer "changed".
      await changeLanguage(updated.language);
      setSaved(true);
    },
  });
  const dirty =
    form.values.name !== initialValues.name || form.values.language !== initialValues.language;

  return (
    <Box component="form" {...form.formProps} onChange={() => setSaved(false)}>
      <Stack spacing={3}>
        <FormAlert error={form.formError} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.field('name')}
              label={t('profile.name')}
              autoComplete="name"
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('profile.email')}
              value={user.email}
              fullWidth
              helperText={t('profile.emailHint')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...form.field('language', { helperText: t('profile.languageHint') })}
              onChange={(event) => {
                setSaved(false);
                form.setValue('language', event.target.value as TUser['language']);
              }}
              select
              label={t('profile.language')}
              fullWidth
            >
              {locales.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {t(`common:language.${locale}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
        {saved && (
          <Alert severity="success" role="status">
            {t('profile.saved')}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={form.submitting} disabled={!dirty}>
            {t('profile.save')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            disabled={!dirty || form.submitting}
            onClick={() => form.reset(initialValues)}
          >
            {t('profile.discard')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
