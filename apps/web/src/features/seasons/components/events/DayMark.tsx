import Box from '@mui/material/Box';
import { markColor, type NightMark } from '@/api/events';

/**
 * Under a day's number in the seasons calendar: a short bar on a holiday (red) or event night.
 * Its names are in the day's label and tooltip (the month grid adds them).
 */
export function DayMark({ marks }: { marks: readonly NightMark[] | undefined }) {
  if (!marks?.length) return null;
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="day-mark"
      sx={{
        position: 'absolute',
        insetInline: '30%',
        insetBlockEnd: 1,
        blockSize: 2,
        borderRadius: 1,
        bgcolor: markColor(marks),
      }}
    />
  );
}
