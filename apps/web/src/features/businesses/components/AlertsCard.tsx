import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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
import { useAlertSettings, useSaveAlertSettings } from '@/api/alerts';
import { isVersionConflict } from '@/api/autopilot';
import { FormAlert, useZodForm } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { SaveSettingsButton, SettingsCard, SettingSwitch } from './SettingsCard';

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
    <SettingSwitch
      key={kind}
      id={`${kind}-help`}
      label={t(`alerts.kinds.${kind}`)}
      help={t(`alerts.help.${kind}`)}
      checked={values[kind]}
      onChange={(on) => form.setValue(kind, on)}
      disabled={readOnly}
    />
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
      <SaveSettingsButton
        label={t('alerts.save')}
        disabled={readOnly || !changed}
        saving={form.submitting}
      />
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
  const query = useAlertSettings(business.uuid);
  return (
    <SettingsCard
      strings="alerts"
      query={query}
      skeletons={[
        [38, 240],
        [38, 240],
      ]}
    >
      {(settings, onConflict) => (
        <AlertsForm
          key={settings.version}
          business={business}
          settings={settings}
          canConfigure={canConfigure}
          onConflict={onConflict}
        />
      )}
    </SettingsCard>
  );
}
