import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';
import { addDays, fromLocalDate, nightsOf, toLocalDate } from '@/lib/dates';

interface StayDayProps extends PickerDayProps {
  arrival?: string;
  departure?: string;
}

/** A day of the calendars, tinted when it is a night of the stay (arrival … departure − 1). */
function StayDay({ arrival, departure, ...props }: StayDayProps) {
  const day = fromLocalDate(props.day as Date);
  const inside =
    Boolean(arrival && departure) &&
    !props.outsideCurrentMonth &&
    day >= arrival! &&
    day <= departure!;
  return (
    <PickerDay
      {...props}
      sx={
        inside && !props.selected
          ? (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.16) })
          : undefined
      }
    />
  );
}

interface StayDates {
  arrival: string;
  departure: string;
}

/**
 * Arrival and departure of a stay (`YYYY-MM-DD`), each with its own calendar in which the whole
 * stay is tinted. The departure cannot be chosen on or before the arrival; moving the arrival
 * past the departure keeps the number of nights. The nights are said below.
 */
export function StayDatesField({
  value,
  onChange,
  arrivalError,
  departureError,
}: {
  value: StayDates;
  onChange: (next: StayDates) => void;
  arrivalError?: string;
  departureError?: string;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const { arrival, departure } = value;
  const nights = arrival && departure ? nightsOf(arrival, departure) : Number.NaN;
  const day = { arrival, departure } as Partial<PickerDayProps>;
  const weekday = new Intl.DateTimeFormat(intl.locale, { weekday: 'narrow' });
  const dayOfWeekFormatter = (date: Date) => weekday.format(date);

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <DatePicker
          label={t('form.arrival')}
          value={toLocalDate(arrival)}
          onChange={(next) => {
            const date = fromLocalDate(next);
            const kept =
              arrival && departure && nightsOf(arrival, departure) > 0
                ? nightsOf(arrival, departure)
                : 1;
            const moveDeparture = date !== '' && (!departure || departure <= date);
            onChange({ arrival: date, departure: moveDeparture ? addDays(date, kept) : departure });
          }}
          dayOfWeekFormatter={dayOfWeekFormatter}
          slots={{ day: StayDay }}
          slotProps={{
            day,
            textField: {
              fullWidth: true,
              required: true,
              name: 'arrival',
              error: Boolean(arrivalError),
              helperText: arrivalError,
            },
          }}
        />
        <DatePicker
          label={t('form.departure')}
          value={toLocalDate(departure)}
          minDate={arrival ? (toLocalDate(addDays(arrival, 1)) ?? undefined) : undefined}
          referenceDate={arrival ? (toLocalDate(addDays(arrival, 1)) ?? undefined) : undefined}
          onChange={(next) => onChange({ arrival, departure: fromLocalDate(next) })}
          dayOfWeekFormatter={dayOfWeekFormatter}
          slots={{ day: StayDay }}
          slotProps={{
            day,
            textField: {
              fullWidth: true,
              required: true,
              name: 'departure',
              error: Boolean(departureError),
              helperText: departureError,
            },
          }}
        />
      </Stack>
      {nights > 0 && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('form.nights', { nights: intl.number(nights) })}
        </Typography>
      )}
    </Stack>
  );
}
