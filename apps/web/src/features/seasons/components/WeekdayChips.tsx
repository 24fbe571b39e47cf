import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdays, type TWeekday } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

interface WeekdayChipsProps {
  value: readonly TWeekday[];
  onChange: (days: TWeekday[]) => void;
  error?: string;
}

/**
 * The days of the week a season applies to, Monday first, as toggle chips with the language's
 * short names (the full name for screen readers). None chosen means every day.
 */
export function WeekdayChips({ value, onChange, error }: WeekdayChipsProps) {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const labelId = useId();
  const short = intl.weekdays('short');
  const long = intl.weekdays('long');
  const toggle = (day: TWeekday) =>
    onChange(
      value.includes(day)
        ? value.filter((d) => d !== day)
        : weekdays.filter((d) => d === day || value.includes(d)),
    );
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t('form.weekdays')}
      </FormLabel>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {weekdays.map((day, i) => {
          const on = value.includes(day);
          return (
            <Chip
              key={day}
              label={short[i]}
              aria-label={long[i]}
              aria-pressed={on}
              role="button"
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(day)}
            />
          );
        })}
      </Stack>
      <FormHelperText sx={{ mx: 0 }}>
        {error ?? (value.length === 0 ? t('form.weekdaysAll') : t('form.weekdaysSome'))}
      </FormHelperText>
    </FormControl>
  );
}
