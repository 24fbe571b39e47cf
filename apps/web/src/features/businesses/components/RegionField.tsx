import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHolidayRegions } from '@/api/events';

interface RegionFieldProps {
  form: {
    values: { country?: string | null; region?: string | null };
    setValues(patch: { region: string | null }): void;
    errorFor(path: string): string | undefined;
  };
}

/**
 * The region of the property's country whose own holidays also apply, among those the holiday
 * calendar knows for the country; hidden for a country without any. A region that does not belong
 * to the country chosen (the country just changed) is cleared.
 */
export function RegionField({ form }: RegionFieldProps) {
  const { t } = useTranslation('events');
  const { country, region } = form.values;
  const { data } = useHolidayRegions(country);
  const regions = country ? data?.regions : [];
  const stale = Boolean(regions && region && !regions.some((r) => r.code === region));

  useEffect(() => {
    if (stale) form.setValues({ region: null });
  }, [stale, form]);

  if (!regions?.length) return null;
  const error = form.errorFor('region');
  return (
    <TextField
      select
      name="region"
      label={t('region.label')}
      fullWidth
      value={stale ? '' : (region ?? '')}
      onChange={(event) => form.setValues({ region: event.target.value || null })}
      error={Boolean(error)}
      helperText={error ?? t('region.hint')}
    >
      <MenuItem value="">{t('region.none')}</MenuItem>
      {regions.map((r) => (
        <MenuItem key={r.code} value={r.code}>
          {r.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
