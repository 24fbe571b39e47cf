import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZDigestSettingsBody, type TDigestSettings } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useDigestSettings, useSaveDigestSettings } from '../../api/digest';

const hours = Array.from({ length: 24 }, (_, hour) => hour);

function DigestForm({ settings }: { settings: TDigestSettings }) {
  const { t } = useTranslation('account');
  const intl = useIntl();
  const save = useSaveDigestSettings();
  const [saved, setSaved] = useState(false);
  const initialValues = { enabled: settings.enabled, hour: settings.hour };
  const form = useZodForm({
    schema: ZDigestSettingsBody,
    initialValues,
    onSubmit: async (values) => {
      await save.mutateAsync(values);
      setSaved(true);
    },
  });
  const dirty =
    form.values.enabled !== initialValues.enabled || form.values.hour !== initialValues.hour;
  const hourText = (hour: number) =>
    intl.date(new Date(Date.UTC(2000, 0, 1, hour)), {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });

  return (
    <Box component="form" {...form.formProps}>
      <Stack spacing={2.5}>
        <FormAlert error={form.formError} />
        <FormControlLabel
          control={
            <Switch
              checked={form.values.enabled}
              onChange={(event) => {
                setSaved(false);
                form.setValue('enabled', event.target.checked);
              }}
            />
          }
          label={t('digest.enabled')}
        />
        <TextField
          {...form.field('hour', {
            helperText: settings.timeZone
              ? t('digest.zone', { zone: settings.timeZone, property: settings.propertyName })
              : t('digest.noProperty'),
          })}
          onChange={(event) => {
            setSaved(false);
            form.setValue('hour', Number(event.target.value));
          }}
          select
          label={t('digest.hour')}
          disabled={!form.values.enabled}
          sx={{ maxInlineSize: 360 }}
        >
          {hours.map((hour) => (
            <MenuItem key={hour} value={hour}>
              {hourText(hour)}
            </MenuItem>
          ))}
        </TextField>
        {saved && (
          <Alert severity="success" role="status">
            {t('digest.saved')}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" loading={form.submitting} disabled={!dirty}>
            {t('digest.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * The morning digest (docs/digest-and-alerts.md): on or off, and the hour it leaves at, read in
 * the time zone of the owner's first property.
 */
export function DigestCard() {
  const { t } = useTranslation('account');
  const settings = useDigestSettings();
  return (
    <Card component="section" aria-labelledby="account-digest">
      <CardHeader
        title={t('digest.title')}
        subheader={t('digest.subtitle')}
        slotProps={{ title: { id: 'account-digest', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {settings.data ? (
          <DigestForm
            key={`${settings.data.enabled}-${settings.data.hour}`}
            settings={settings.data}
          />
        ) : settings.isError ? (
          <LoadErrorAlert error={settings.error} onRetry={() => settings.refetch()}>
            {t('digest.loadError')}
          </LoadErrorAlert>
        ) : (
          <Skeleton variant="rounded" height={120} />
        )}
      </CardContent>
    </Card>
  );
}
