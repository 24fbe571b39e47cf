import { useMemo } from 'react';
import { useIntl } from '@/lib/intl';
import { countryOptions, currencyOptions, timeZoneOptions } from '../utils/options';

/** Countries, currencies and time zones named in the active language (computed once per language). */
export function usePickerOptions() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      countries: countryOptions(locale),
      currencies: currencyOptions(locale),
      timeZones: timeZoneOptions(locale),
    }),
    [locale],
  );
}
