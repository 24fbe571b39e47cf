import Grid from '@mui/material/Grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { fromLocalDate, toLocalDate } from '@/lib/dates';

/** A range of days as a list's filters hold it: `YYYY-MM-DD`, '' for an open end. */
interface DayRange {
  from: string;
  to: string;
}

/**
 * The from–to filter of a list (bookings, price changes, the audit trail): two date pickers, each
 * clearable, in two cells of the filters' grid. A `from` after `to` moves `to` to it; a `to`
 * before `from` is not taken. Needs a `PickersProvider` above it.
 */
export function DateRangeFilter({
  value,
  onChange,
  labels,
}: {
  value: DayRange;
  onChange: (patch: Partial<DayRange>) => void;
  labels: { from: string; to: string };
}) {
  return (
    <>
      <Grid size={{ xs: 6, md: 2 }}>
        <DatePicker
          label={labels.from}
          value={toLocalDate(value.from)}
          onChange={(next) => {
            const from = fromLocalDate(next);
            if (next && !from) return;
            onChange({ from, ...(from && value.to && value.to < from ? { to: from } : {}) });
          }}
          slotProps={{
            textField: { size: 'small', fullWidth: true, name: 'from' },
            field: { clearable: true },
          }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <DatePicker
          label={labels.to}
          value={toLocalDate(value.to)}
          minDate={toLocalDate(value.from) ?? undefined}
          onChange={(next) => {
            const to = fromLocalDate(next);
            if (next && !to) return;
            if (to && value.from && to < value.from) return;
            onChange({ to });
          }}
          slotProps={{
            textField: { size: 'small', fullWidth: true, name: 'to' },
            field: { clearable: true },
          }}
        />
      </Grid>
    </>
  );
}
