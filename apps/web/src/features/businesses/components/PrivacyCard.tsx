import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  guestRetentionMonths,
  ZGuestKey,
  ZGuestPrivacySettingsBody,
  type TBusiness,
  type TGuestDataExport,
  type TGuestKey,
  type TGuestPrivacySettings,
} from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { isVersionConflict } from '@/api/autopilot';
import {
  useEraseGuestData,
  useFindGuestData,
  useGuestPrivacySettings,
  useSaveGuestPrivacySettings,
} from '@/api/privacy';
import { saveBlob } from '@/lib/download';
import { errorMessage, FormAlert, useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { SaveSettingsButton, SettingsCard, SettingSwitch } from './SettingsCard';

/** The settings form's fields; the version is the one read, added when sending. */
const settingsSchema = ZGuestPrivacySettingsBody.omit({ version: true });

function SettingsForm({
  business,
  settings,
  canManage,
  onConflict,
}: {
  business: TBusiness;
  settings: TGuestPrivacySettings;
  canManage: boolean;
  onConflict: (conflict: boolean) => void;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const save = useSaveGuestPrivacySettings(business.uuid);
  const form = useZodForm({
    schema: settingsSchema,
    initialValues: {
      retentionMonths: settings.retentionMonths,
      keepGuestNames: settings.keepGuestNames,
    },
    onSubmit: async (values) => {
      onConflict(false);
      try {
        await save.mutateAsync({ ...values, version: settings.version });
      } catch (error) {
        if (isVersionConflict(error)) return onConflict(true);
        throw error;
      }
      showSnackbar({ severity: 'success', message: t('privacy.saved') });
    },
  });
  const { values } = form;
  const changed =
    values.retentionMonths !== settings.retentionMonths ||
    values.keepGuestNames !== settings.keepGuestNames;
  const readOnly = !canManage;

  return (
    <Stack component="form" spacing={2} {...form.formProps}>
      <FormAlert error={form.formError} />
      <TextField
        select
        name="retentionMonths"
        label={t('privacy.retention')}
        value={String(values.retentionMonths)}
        onChange={(event) =>
          form.setValue(
            'retentionMonths',
            Number(event.target.value) as (typeof guestRetentionMonths)[number],
          )
        }
        error={Boolean(form.errors.retentionMonths)}
        helperText={form.errorFor('retentionMonths') ?? t('privacy.retentionHelp')}
        disabled={readOnly}
        sx={{ inlineSize: { xs: '100%', sm: 320 } }}
      >
        {guestRetentionMonths.map((months) => (
          <MenuItem key={months} value={String(months)}>
            {t('privacy.months', { count: months, n: intl.number(months) })}
          </MenuItem>
        ))}
      </TextField>
      <SettingSwitch
        id="keep-guest-names-help"
        label={t('privacy.keepNames')}
        help={t('privacy.keepNamesHelp')}
        checked={values.keepGuestNames}
        onChange={(on) => form.setValue('keepGuestNames', on)}
        disabled={readOnly}
      />
      <SaveSettingsButton
        label={t('privacy.save')}
        disabled={readOnly || !changed}
        saving={form.submitting}
      />
    </Stack>
  );
}

/** The guest form: by name or by a booking's reference, one at a time, as the contract takes it. */
const guestSchema = z
  .object({ by: z.enum(['name', 'externalId']), name: z.string(), externalId: z.string() })
  .transform(({ by, name, externalId }): TGuestKey => (by === 'name' ? { name } : { externalId }))
  .pipe(ZGuestKey);

/** The guest's data as a file for the access request: `guest-data-<date>.json`. */
function downloadExport(found: TGuestDataExport) {
  const blob = new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' });
  saveBlob(blob, `guest-data-${found.exportedAt.slice(0, 10)}.json`);
}

/**
 * A guest's data: found by name or by a booking's reference, with how many bookings match; their
 * data downloaded as JSON (an access request), or their name erased from every one of them after a
 * confirmation that says how many (an erasure request).
 */
function GuestDataSection({ business, canManage }: { business: TBusiness; canManage: boolean }) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const titleId = useId();
  const find = useFindGuestData(business.uuid);
  const erase = useEraseGuestData(business.uuid);
  const [found, setFound] = useState<{ key: TGuestKey; data: TGuestDataExport } | null>(null);
  /** The count the open confirmation says (kept while it closes); null: closed. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useZodForm({
    schema: guestSchema,
    initialValues: { by: 'name', name: '', externalId: '' },
    onSubmit: async (key) => {
      setFound(null);
      setFound({ key, data: await find.mutateAsync(key) });
    },
  });
  const count = found?.data.bookings.length ?? 0;
  const n = intl.number(count);

  const confirmErase = async () => {
    if (!found) return;
    try {
      const { erased } = await erase.mutateAsync(found.key);
      setConfirming(null);
      setFound(null);
      form.reset();
      showSnackbar({
        severity: 'success',
        message: t('privacy.guest.erased', { count: erased, n: intl.number(erased) }),
      });
    } catch {
      // Shown in the dialog, which stays open.
    }
  };

  const by = form.values.by;
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <div>
        <Typography id={titleId} variant="subtitle1" component="h3">
          {t('privacy.guest.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxInlineSize: 720 }}>
          {t('privacy.guest.intro')}
        </Typography>
      </div>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        {...form.formProps}
      >
        <TextField
          select
          name="by"
          label={t('privacy.guest.by')}
          value={by}
          onChange={(event) => {
            setFound(null);
            form.setValue('by', event.target.value as 'name' | 'externalId');
          }}
          disabled={!canManage}
          sx={{ inlineSize: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="name">{t('privacy.guest.byName')}</MenuItem>
          <MenuItem value="externalId">{t('privacy.guest.byExternalId')}</MenuItem>
        </TextField>
        <TextField
          key={by}
          {...form.field(by)}
          onChange={(event) => {
            setFound(null);
            form.setValue(by, event.target.value);
          }}
          label={by === 'name' ? t('privacy.guest.name') : t('privacy.guest.externalId')}
          required
          disabled={!canManage}
          autoComplete="off"
          sx={{ flex: 1, minInlineSize: 0 }}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={form.submitting}
          disabled={!canManage}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
        >
          {t('privacy.guest.find')}
        </Button>
      </Stack>
      <FormAlert error={form.formError} />
      {found && (
        <div role="status">
          {count === 0 ? (
            <Alert severity="info">{t('privacy.guest.none')}</Alert>
          ) : (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Typography sx={{ flex: 1 }}>{t('privacy.guest.found', { count, n })}</Typography>
              <Button variant="outlined" onClick={() => downloadExport(found.data)}>
                {t('privacy.guest.download')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirming(count)}>
                {t('privacy.guest.erase')}
              </Button>
            </Stack>
          )}
        </div>
      )}
      <ConfirmDeleteDialog
        open={confirming !== null}
        title={t('privacy.guest.confirmTitle')}
        body={t('privacy.guest.confirmBody', {
          count: confirming ?? 0,
          n: intl.number(confirming ?? 0),
        })}
        confirmLabel={t('privacy.guest.confirm')}
        cancelLabel={t('privacy.guest.cancel')}
        pending={erase.isPending}
        error={erase.isError ? errorMessage(t, erase.error) : undefined}
        onConfirm={() => void confirmErase()}
        onCancel={() => {
          erase.reset();
          setConfirming(null);
        }}
      />
    </Stack>
  );
}

/**
 * "Guests' personal data": how long the property keeps its guests' names after their stay, whether
 * it keeps them at all, and a guest's data found, exported or erased on request (docs/privacy.md).
 * Read-only for whoever may not change the property.
 */
export function PrivacyCard({ business, canManage }: { business: TBusiness; canManage: boolean }) {
  const query = useGuestPrivacySettings(business.uuid);
  return (
    <SettingsCard
      strings="privacy"
      query={query}
      skeletons={[
        [56, 320],
        [38, 240],
      ]}
      after={
        <>
          <Divider sx={{ my: 3 }} />
          <GuestDataSection business={business} canManage={canManage} />
        </>
      }
    >
      {(settings, onConflict) => (
        <SettingsForm
          key={settings.version}
          business={business}
          settings={settings}
          canManage={canManage}
          onConflict={onConflict}
        />
      )}
    </SettingsCard>
  );
}
