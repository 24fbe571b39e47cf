import Typography from '@mui/material/Typography';
import type { NightMark } from '@/api/events';

/**
 * Under a night's date: the names of its holidays and events (a holiday in red), one a line. A
 * long name wraps between words, never inside one ("Restauração", not "Restaura-ção"), and stops
 * after two lines with an ellipsis; the whole name is its title.
 */
export function NightMarkNames({ marks }: { marks: readonly NightMark[] | undefined }) {
  if (!marks?.length) return null;
  return marks.map((mark) => (
    <Typography
      key={`${mark.kind}:${mark.name}`}
      variant="caption"
      component="span"
      data-testid="night-mark-name"
      title={mark.name}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        lineHeight: 1.2,
        color: mark.kind === 'holiday' ? 'error.main' : 'secondary.main',
        overflowWrap: 'normal',
        hyphens: 'manual',
      }}
    >
      {mark.name}
    </Typography>
  ));
}
