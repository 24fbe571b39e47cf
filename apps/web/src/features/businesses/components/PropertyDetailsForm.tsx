import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZUpdateBusinessBody, type TBusiness, type TUpdateBusinessBody } from '@tarifa/contract';
import { useZodForm } from '@/lib/forms';
import { useUpdateBusiness } from '../api';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { CountryField, CurrencyField, TimeZoneField } from './PropertyFields';
import { RegionField } from './RegionField';
import { TimeInput } from '@/components/TimeInput';
import { UnsavedChangesGuard } from '@/components/UnsavedChangesGuard';

function valuesOf(business: TBusiness): TUpdateBusinessBody {
  return {
    name: business.name,
    address: business.address ?? '',
    city: business.city ?? '',
    country: business.country ?? null,
    region: business.region ?? null,
    phone: business.phone ?? '',
    email: business.email ?? '',
    website: business.website ?? '',
    currency: business.currency,
    timezone: business.timezone,
    checkInTime: business.checkInTime,
    checkOutTime: business.checkOutTime,
    version: business.version,
  };
}

/** Changes when the details this form shows change (not on other changes to the business). */
export function detailsKey(business: TBusiness): string {
  const { version: _version, ...details } = valuesOf(business);
  return `${business.uuid}:${JSON.stringify(details)}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Stack>
  );
}

/**
 * The property's details: name, address, contact, currency, time zone, check-in and check-out.
 * Sent with the `version` it was read at, so a change made elsewhere meanwhile is reported (with a
 * Reload) instead of overwritten. Render it with `key={detailsKey(business)}` so it shows the
 * latest details after a save or a reload, and keeps what is being typed when only something else
 * changed (a photo added).
 */
export function PropertyDetailsForm({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const update = useUpdateBusiness({ errors: 'form' });
  const initial = valuesOf(business);
  const form = useZodForm({
    schema: ZUpdateBusinessBody,
    initialValues: initial,
    // The version of the business as this page knows it now (a photo added here moves it on).
    onSubmit: (body) =>
      update.mutateAsync({ ...body, version: business.version, uuid: business.uuid }),
  });
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  const half = { xs: 12, sm: 6 };

  return (
    <Card component="form" {...form.formProps} aria-labelledby="property-details-title">
      <CardContent>
        <Stack spacing={4}>
          <Typography id="property-details-title" variant="h5" component="h2">
            {t('details.title')}
          </Typography>
          <BusinessErrorAlert error={form.formError} />
          <Section title={t('details.about')}>
            <Grid size={12}>
              <TextField label={t('fields.name')} required fullWidth {...form.field('name')} />
            </Grid>
            <Grid size={12}>
              <TextField label={t('fields.address')} fullWidth {...form.field('address')} />
            </Grid>
            <Grid size={half}>
              <TextField label={t('fields.city')} fullWidth {...form.field('city')} />
            </Grid>
            <Grid size={half}>
              <CountryField form={form} />
            </Grid>
            <Grid size={half}>
              <RegionField form={form} />
            </Grid>
          </Section>
          <Section title={t('details.contact')}>
            <Grid size={half}>
              <TextField label={t('fields.phone')} type="tel" fullWidth {...form.field('phone')} />
            </Grid>
            <Grid size={half}>
              <TextField
                label={t('fields.email')}
                type="email"
                fullWidth
                {...form.field('email')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label={t('fields.website')}
                type="url"
                fullWidth
                placeholder="https://"
                {...form.field('website')}
              />
            </Grid>
          </Section>
          <Section title={t('details.moneyAndTime')}>
            <Grid size={half}>
              <CurrencyField form={form} helperText={t('details.currencyHelp')} />
            </Grid>
            <Grid size={half}>
              <TimeZoneField form={form} helperText={t('details.timezoneHelp')} />
            </Grid>
            <Grid size={half}>
              <TimeInput
                label={t('fields.checkIn')}
                name="checkInTime"
                value={form.values.checkInTime ?? ''}
                onChange={(checkInTime) => form.setValues({ checkInTime })}
                error={Boolean(form.errorFor('checkInTime'))}
                helperText={form.errorFor('checkInTime')}
              />
            </Grid>
            <Grid size={half}>
              <TimeInput
                label={t('fields.checkOut')}
                name="checkOutTime"
                value={form.values.checkOutTime ?? ''}
                onChange={(checkOutTime) => form.setValues({ checkOutTime })}
                error={Boolean(form.errorFor('checkOutTime'))}
                helperText={form.errorFor('checkOutTime')}
              />
            </Grid>
          </Section>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={!dirty || form.submitting} onClick={() => form.reset(initial)}>
              {t('actions.discard')}
            </Button>
            <Button type="submit" variant="contained" loading={form.submitting}>
              {t('actions.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <UnsavedChangesGuard when={dirty && !form.submitting} />
    </Card>
  );
}
