import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoomTariff, TSazonality } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { paintYear, seasonsInYear } from '../utils/calendar';
import { today as todayOf } from '@/lib/dates';
import { MonthGrid } from './MonthGrid';
import type { NightMark } from '@/api/events';
import { SeasonLegend } from './SeasonLegend';

const months = Array.from({ length: 12 }, (_, i) => i);

interface YearCalendarProps {
  seasons: readonly TSazonality[];
  rooms: readonly TRoomTariff[];
  year: number;
  onYearChange: (year: number) => void;
  onSelectSeason: (id: string) => void;
  /** A night without a season was clicked. */
  onSelectEmptyDay?: (date: string) => void;
  /** Today, `YYYY-MM-DD` (defaults to the browser's date); outlined in the calendar. */
  today?: string;
  /** The holidays and events of the year's nights, marked under their numbers. */
  marks?: ReadonlyMap<string, NightMark[]>;
}

/**
 * Twelve months of one year, each night in the colour of the season that applies to it — where
 * seasons overlap, the one with the highest priority — with a legend, year
 * navigation and a room type filter (seasons may cover only some room types).
 */
export function YearCalendar({
  seasons,
  rooms,
  year,
  onYearChange,
  onSelectSeason,
  onSelectEmptyDay,
  today = todayOf(),
  marks,
}: YearCalendarProps) {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const theme = useTheme();
  const [roomUuid, setRoomUuid] = useState('');
  const painted = useMemo(
    () => paintYear(seasons, year, roomUuid || undefined),
    [seasons, year, roomUuid],
  );
  const inYear = useMemo(() => seasonsInYear(seasons, year), [seasons, year]);
  const thisYear = Number(today.slice(0, 4));
  const rtl = theme.direction === 'rtl';
  const Previous = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const Next = rtl ? ChevronLeftIcon : ChevronRightIcon;
  const yearText = intl.number(year, { useGrouping: false });

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Tooltip title={t('calendar.previousYear')}>
            <IconButton
              aria-label={t('calendar.previousYear')}
              onClick={() => onYearChange(year - 1)}
            >
              <Previous />
            </IconButton>
          </Tooltip>
          <Typography
            variant="h5"
            component="p"
            aria-live="polite"
            aria-label={t('calendar.yearShown', { year: yearText })}
            sx={{ minInlineSize: '4.5ch', textAlign: 'center' }}
          >
            {yearText}
          </Typography>
          <Tooltip title={t('calendar.nextYear')}>
            <IconButton aria-label={t('calendar.nextYear')} onClick={() => onYearChange(year + 1)}>
              <Next />
            </IconButton>
          </Tooltip>
          {year !== thisYear && (
            <Button size="small" onClick={() => onYearChange(thisYear)}>
              {t('calendar.thisYear')}
            </Button>
          )}
        </Stack>
        {rooms.length > 1 && (
          <TextField
            select
            size="small"
            label={t('calendar.roomFilter')}
            value={roomUuid}
            onChange={(event) => setRoomUuid(event.target.value)}
            sx={{ minInlineSize: 220 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('calendar.allRooms')}</MenuItem>
            {rooms.map((room) => (
              <MenuItem key={room.uuid} value={room.uuid}>
                {room.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>

      <SeasonLegend seasons={inYear} />

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: {
            xs: 'repeat(auto-fill, minmax(150px, 1fr))',
            sm: 'repeat(auto-fill, minmax(220px, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {months.map((month) => (
          <MonthGrid
            key={month}
            year={year}
            month={month}
            painted={painted}
            today={today}
            onSelectSeason={onSelectSeason}
            onSelectEmptyDay={onSelectEmptyDay}
            marks={marks}
          />
        ))}
      </Box>
    </Stack>
  );
}
