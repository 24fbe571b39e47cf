import { TimeField } from '@mui/x-date-pickers/TimeField';
import { useState } from 'react';
import { useIntl } from '@/lib/intl';
import { PickersProvider } from './PickersProvider';

/** Whether `locale` writes times on a 12-hour clock ("3:00 PM") rather than 24 hours ("15:00"). */
function twelveHourClock(locale: string): boolean {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h11' || hourCycle === 'h12';
}

const two = (n: number) => String(n).padStart(2, '0');

/** "15:00" → a date on that time of day (the day does not matter); null when not a time. */
function dateOf(time: string): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? new Date(2000, 0, 1, Number(match[1]), Number(match[2])) : null;
}

/**
 * A time of day ("HH:MM" in and out) typed on the clock of the active language: 24 hours in
 * Portuguese, French and British English ("15:00"), the language's own elsewhere — not the
 * browser's, which a native `<input type="time">` would follow ("03:00 PM" in a Portuguese page).
 */
export function TimeInput({
  label,
  name,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (time: string) => void;
  error?: boolean;
  helperText?: string;
}) {
  const { locale } = useIntl();
  const ampm = twelveHourClock(locale);
  // What is on screen, also while it is half typed (then the form gets `''`: no time yet).
  const [date, setDate] = useState<Date | null>(() => dateOf(value));
  const shown =
    date && !Number.isNaN(date.getTime())
      ? `${two(date.getHours())}:${two(date.getMinutes())}`
      : '';
  // A value the form sets (another time, or '' on a reset) replaces what is on screen; the value
  // this field just sent back — a time, or '' while half typed — leaves it as it is.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== shown) setDate(dateOf(value));
  }
  return (
    <PickersProvider>
      <TimeField
        label={label}
        name={name}
        fullWidth
        ampm={ampm}
        format={ampm ? 'hh:mm a' : 'HH:mm'}
        value={date}
        onChange={(next) => {
          setDate(next);
          onChange(
            next && !Number.isNaN(next.getTime())
              ? `${two(next.getHours())}:${two(next.getMinutes())}`
              : '',
          );
        }}
        slotProps={{ textField: { error, helperText } }}
      />
    </PickersProvider>
  );
}
