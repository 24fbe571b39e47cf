import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSazonality } from '@tarifa/contract';
import { seasonPath } from '../paths';

/** A season's colour as a small dot, for legends and lists. */
export function ColorDot({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{ backgroundColor: color }}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        inlineSize: size,
        blockSize: size,
        borderRadius: '50%',
        boxShadow: (theme) => `0 0 0 1px ${theme.palette.divider}`,
      }}
    />
  );
}

/** The seasons shown in the calendar, each in its colour, each opening its edit page. */
export function SeasonLegend({ seasons }: { seasons: readonly TSazonality[] }) {
  const { t } = useTranslation('seasons');
  if (seasons.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('calendar.noSeasonsThisYear')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <Stack
        component="ul"
        aria-label={t('calendar.legend')}
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
      >
        {seasons.map((season) => (
          <li key={season.id}>
            <Chip
              component={RouterLink}
              to={seasonPath(season.id)}
              clickable
              variant="outlined"
              icon={<ColorDot color={season.color} />}
              label={season.name}
              sx={{ '& .MuiChip-icon': { marginInlineStart: '10px' } }}
            />
          </li>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('calendar.overlapHint')}
      </Typography>
    </Stack>
  );
}
