import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickerDay } from '@mui/x-date-pickers/PickerDay';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';
import { fromLocalDate, nightsBetween } from '@/lib/dates';

interface DateRange {
  start: Date | null;
  end: Date | null;
}

const valid = (date: Date | null): date is Date => date !== null && !Number.isNaN(date.getTime());

interface RangeDayProps extends PickerDayProps {
  rangeStart?: Date | null;
  rangeEnd?: Date | null;
}

/** A day of the pickers' calendars, tinted when it falls inside the chosen range. */
function RangeDay({ rangeStart, rangeEnd, ...props }: RangeDayProps) {
  const day = props.day as Date;
  const inside =
    valid(rangeStart ?? null) &&
    valid(rangeEnd ?? null) &&
    !props.outsideCurrentMonth &&
    fromLocalDate(day) >= fromLocalDate(rangeStart!) &&
    fromLocalDate(day) <= fromLocalDate(rangeEnd!);
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

interface DateRangeFieldProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  startLabel: string;
  endLabel: string;
  startError?: string;
  endError?: string;
}

/**
 * The first and the last night of a period (both included), each with its own calendar in which
 * the whole range is tinted; the last night cannot be chosen before the first, and moving the
 * first past the last moves the last along. The number of nights is said below.
 */
export function DateRangeField({
  value,
  onChange,
  startLabel,
  endLabel,
  startError,
  endError,
}: DateRangeFieldProps) {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const { start, end } = value;
  const nights =
    valid(start) && valid(end) && end >= start
      ? nightsBetween(fromLocalDate(start), fromLocalDate(end))
      : null;
  const day = { rangeStart: start, rangeEnd: end } as Partial<PickerDayProps>;
  // The same narrow weekday names as the year calendar (date-fns's Arabic ones repeat letters).
  const weekday = new Intl.DateTimeFormat(intl.locale, { weekday: 'narrow' });
  const dayOfWeekFormatter = (date: Date) => weekday.format(date);

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <DatePicker
          label={startLabel}
          value={start}
          onChange={(next) => {
            const moveEnd = valid(next) && (!valid(end) || end < next);
            onChange({ start: next, end: moveEnd ? next : end });
          }}
          dayOfWeekFormatter={dayOfWeekFormatter}
          slots={{ day: RangeDay }}
          slotProps={{
            day,
            textField: {
              fullWidth: true,
              name: 'startDate',
              error: Boolean(startError),
              helperText: startError,
            },
          }}
        />
        <DatePicker
          label={endLabel}
          value={end}
          minDate={valid(start) ? start : undefined}
          referenceDate={valid(start) ? start : undefined}
          onChange={(next) => onChange({ start, end: next })}
          dayOfWeekFormatter={dayOfWeekFormatter}
          slots={{ day: RangeDay }}
          slotProps={{
            day,
            textField: {
              fullWidth: true,
              name: 'endDate',
              error: Boolean(endError),
              helperText: endError,
            },
          }}
        />
      </Stack>
      {nights !== null && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('form.nights', { nights: intl.number(nights) })}
        </Typography>
      )}
    </Stack>
  );
}
