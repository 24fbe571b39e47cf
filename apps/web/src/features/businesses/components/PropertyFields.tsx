import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickerOptions } from '../hooks/usePickerOptions';
import { browserTimeZone, guessFromBrowser } from '../utils/options';
import { CodeAutocomplete } from './CodeAutocomplete';

/**
 * What the property fields need of a `useZodForm` whose values have `currency`, `timezone` and
 * `country` (creating a property, its details).
 */
interface PropertyFieldsForm {
  values: { currency?: string; timezone?: string; country?: string | null };
  setValues(patch: { currency?: string; timezone?: string; country?: string | null }): void;
  errorFor(path: string): string | undefined;
}

interface PropertyFieldProps {
  form: PropertyFieldsForm;
  /** Shown under the field while it has no error. */
  helperText?: string;
}

/**
 * The property's currency, time zone and country, the same in every form that asks for them:
 * codes picked from lists named in the active language.
 *
 * ```tsx
 * <CurrencyField form={form} helperText={t('create.currencyHelp')} />
 * ```
 */
export function CurrencyField({ form, helperText }: PropertyFieldProps) {
  const { t } = useTranslation('property');
  const { currencies } = usePickerOptions();
  const error = form.errorFor('currency');
  return (
    <CodeAutocomplete
      name="currency"
      label={t('fields.currency')}
      required
      options={currencies}
      value={form.values.currency}
      onChange={(code) => form.setValues({ currency: code ?? '' })}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}

export function TimeZoneField({ form, helperText }: PropertyFieldProps) {
  const { t } = useTranslation('property');
  const { timeZones } = usePickerOptions();
  const error = form.errorFor('timezone');
  return (
    <CodeAutocomplete
      name="timezone"
      label={t('fields.timezone')}
      required
      options={timeZones}
      value={form.values.timezone}
      onChange={(code) => form.setValues({ timezone: code ?? '' })}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}

/** The property's country; typing lists the browser's country first among names that match as well. */
export function CountryField({ form, helperText }: PropertyFieldProps) {
  const { t } = useTranslation('property');
  const { countries } = usePickerOptions();
  const [near] = useState(
    () => guessFromBrowser({ timeZone: browserTimeZone(), languages: navigator.languages }).country,
  );
  const error = form.errorFor('country');
  return (
    <CodeAutocomplete
      name="country"
      label={t('fields.country')}
      options={countries}
      preferred={near}
      value={form.values.country}
      onChange={(code) => form.setValues({ country: code })}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}
