import CelebrationIcon from '@mui/icons-material/CelebrationOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { markColor, useMarkText, type NightMark } from '@/api/events';

/**
 * The dot at a price cell's top on a holiday or event night (red for a holiday), its names in
 * the native tooltip: one per cell, so it stays as light as the cell. Screen readers get the
 * names from the cell's label instead.
 */
export function EventMark({ marks }: { marks: readonly NightMark[] | undefined }) {
  const text = useMarkText();
  if (!marks?.length) return null;
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="event-mark"
      title={text(marks)}
      sx={{
        position: 'absolute',
        // Beside the pending-change dot: the foot of the cell holds the restrictions and market.
        insetBlockStart: 3,
        insetInlineStart: 12,
        inlineSize: 7,
        blockSize: 7,
        borderRadius: '50%',
        bgcolor: markColor(marks),
      }}
    />
  );
}

/** The icon under a night's date in the calendar's header, with the names in a tooltip. */
export function NightMarkIcon({ marks }: { marks: readonly NightMark[] | undefined }) {
  const text = useMarkText();
  if (!marks?.length) return null;
  return (
    <Tooltip title={text(marks)}>
      <CelebrationIcon
        titleAccess={text(marks)}
        data-testid="night-mark"
        sx={{
          fontSize: 14,
          display: 'block',
          mx: 'auto',
          color: markColor(marks),
        }}
      />
    </Tooltip>
  );
}
