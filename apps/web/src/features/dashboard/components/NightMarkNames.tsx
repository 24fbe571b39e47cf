import Typography from '@mui/material/Typography';
import type { NightMark } from '@/api/events';

/** Under a night's date: the names of its holidays and events (a holiday in red), one a line. */
export function NightMarkNames({ marks }: { marks: readonly NightMark[] | undefined }) {
  if (!marks?.length) return null;
  return marks.map((mark) => (
    <Typography
      key={`${mark.kind}:${mark.name}`}
      variant="caption"
      component="span"
      data-testid="night-mark-name"
      sx={{
        display: 'block',
        lineHeight: 1.2,
        color: mark.kind === 'holiday' ? 'error.main' : 'secondary.main',
        overflowWrap: 'anywhere',
      }}
    >
      {mark.name}
    </Typography>
  ));
}
