import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  businessDefaults,
  ZCreateBusinessBody,
  type TBusiness,
  type TCreateBusinessBodyInput,
} from '@tarifa/contract';
import { useZodForm } from '@/lib/forms';
import { useCreateBusiness } from '../api';
import { browserTimeZone, guessFromBrowser } from '../utils/options';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { CountryField, CurrencyField, TimeZoneField } from './PropertyFields';

/**
 * A new property's first values, guessed from the browser (docs/properties.md, "Onboarding"): its
 * time zone, the country of that zone (else of the browser's language), and the country's
 * currency; the contract's defaults where a guess cannot be made.
 */
function initialValues(): TCreateBusinessBodyInput {
  const guess = guessFromBrowser({ timeZone: browserTimeZone(), languages: navigator.languages });
  return {
    name: '',
    currency: guess.currency ?? businessDefaults.currency,
    timezone: guess.timezone ?? businessDefaults.timezone,
    country: guess.country ?? null,
    region: null,
    phone: null,
    email: null,
    website: null,
  };
}

/**
 * The four things a new property needs: name, currency, time zone and country (the rest waits on
 * My Property). On success the answered list replaces the store's, the new property first (so
 * selected), and `onCreated` gets it.
 */
export function CreateBusinessForm({
  onCreated,
  onCancel,
  submitLabel,
}: {
  onCreated?: (business: TBusiness) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation('property');
  const create = useCreateBusiness({ errors: 'form' });
  const form = useZodForm({
    schema: ZCreateBusinessBody,
    initialValues: initialValues(),
    onSubmit: async (body) => {
      const { businesses } = await create.mutateAsync(body);
      if (businesses[0]) onCreated?.(businesses[0]);
    },
  });
  return (
    <Stack component="form" spacing={2.5} {...form.formProps} aria-label={t('create.title')}>
      <BusinessErrorAlert error={form.formError} />
      <TextField
        label={t('fields.name')}
        required
        autoFocus
        {...form.field('name', { helperText: t('create.nameHelp') })}
      />
      <CurrencyField form={form} helperText={t('create.currencyHelp')} />
      <TimeZoneField form={form} helperText={t('create.timezoneHelp')} />
      <CountryField form={form} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={form.submitting}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={form.submitting}>
          {submitLabel ?? t('create.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
