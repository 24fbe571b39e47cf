import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  alertKinds,
  alertLimits,
  ZAlertSettingsBody,
  type TAlertKind,
  type TAlertSettings,
  type TBusiness,
} from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useAlertSettings, useSaveAlertSettings } from '@/api/alerts';
import { isVersionConflict } from '@/api/autopilot';
import { FormAlert, useZodForm } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';

/** The form's fields: one switch per kind, and N; the version is the one read, added when sending. */
const formSchema = z.object({
  ...ZAlertSettingsBody.shape.kinds.shape,
  soldOutDays: ZAlertSettingsBody.shape.soldOutDays,
});
const limits = { min: alertLimits.soldOutDaysMin, max: alertLimits.soldOutDaysMax };

function AlertsForm({
  business,
  settings,
  canConfigure,
  onConflict,
}: {
  business: TBusiness;
  settings: TAlertSettings;
  canConfigure: boolean;
  onConflict: (conflict: boolean) => void;
}) {
  const { t } = useTranslation('property');
  const save = useSaveAlertSettings(business.uuid);
  const form = useZodForm({
    schema: formSchema,
    initialValues: { ...settings.kinds, soldOutDays: settings.soldOutDays },
    onSubmit: async ({ soldOutDays, ...kinds }) => {
      onConflict(false);
      try {
        await save.mutateAsync({ kinds, soldOutDays, version: settings.version });
      } catch (error) {
        if (isVersionConflict(error)) return onConflict(true);
        throw error;
      }
      showSnackbar({ severity: 'success', message: t('alerts.saved') });
    },
  });
  const { values } = form;
  const changed =
    values.soldOutDays !== settings.soldOutDays ||
    alertKinds.some((kind) => values[kind] !== settings.kinds[kind]);
  const readOnly = !canConfigure;
  const switchFor = (kind: TAlertKind) => (
    <Stack key={kind} spacing={0.25}>
      <FormControlLabel
        control={
          <Switch
            checked={values[kind]}
            onChange={(_event, on) => form.setValue(kind, on)}
            slotProps={{ input: { 'aria-describedby': `${kind}-help` } }}
          />
        }
        label={t(`alerts.kinds.${kind}`)}
        disabled={readOnly}
        sx={{ alignSelf: 'flex-start' }}
      />
      <Typography
        id={`${kind}-help`}
        variant="body2"
        color="text.secondary"
        sx={{ paddingInlineStart: 6 }}
      >
        {t(`alerts.help.${kind}`)}
      </Typography>
    </Stack>
  );

  return (
    <Stack component="form" spacing={2} {...form.formProps}>
      <FormAlert error={form.formError} />
      {alertKinds.map((kind) =>
        kind === 'sold_out_early' ? (
          <Stack key={kind} spacing={1.5}>
            {switchFor(kind)}
            <TextField
              {...form.field('soldOutDays')}
              label={t('alerts.soldOutDays')}
              helperText={
                form.errors.soldOutDays
                  ? t('alerts.soldOutDaysInvalid', limits)
                  : t('alerts.soldOutDaysHelp', limits)
              }
              disabled={readOnly || !values.sold_out_early}
              required
              sx={{ inlineSize: { xs: '100%', sm: 280 }, marginInlineStart: 6 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            />
          </Stack>
        ) : (
          switchFor(kind)
        ),
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={readOnly || !changed}
          loading={form.submitting}
        >
          {t('alerts.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * "Alerts": which alerts the owner gets for this property (in the bell, in the morning e-mail, and
 * at once by e-mail when urgent), one switch per kind, and N of "sold out more than N days ahead".
 * Read-only for whoever may not change the property.
 */
export function AlertsCard({
  business,
  canConfigure,
}: {
  business: TBusiness;
  canConfigure: boolean;
}) {
  const { t } = useTranslation('property');
  const query = useAlertSettings(business.uuid);
  const [conflict, setConflict] = useState(false);
  const titleId = useId();

  const onConflict = (next: boolean) => {
    setConflict(next);
    if (next) void query.refetch();
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('alerts.loading')}>
        <Skeleton variant="rounded" height={38} width={240} />
        <Skeleton variant="rounded" height={38} width={240} />
      </Stack>
    );
  } else if (query.isError && query.dataUpdatedAt === 0) {
    body = (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('alerts.loadFailed')}
      </LoadErrorAlert>
    );
  } else {
    const settings = query.data!;
    body = (
      <Stack spacing={2}>
        {conflict && (
          <Alert severity="warning" role="alert">
            {t('alerts.conflict')}
          </Alert>
        )}
        <AlertsForm
          key={settings.version}
          business={business}
          settings={settings}
          canConfigure={canConfigure}
          onConflict={onConflict}
        />
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t('alerts.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, maxInlineSize: 720 }}>
          {t('alerts.intro')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
