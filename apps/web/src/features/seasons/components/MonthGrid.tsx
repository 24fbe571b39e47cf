import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdays, type TSazonality } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { textOn } from '../utils/calendar';
import { daysOfMonth, weekdayOf } from '@/lib/dates';
import { useMarkText, type NightMark } from '@/api/events';
import { DayMark } from './events/DayMark';

interface MonthGridProps {
  year: number;
  /** 0–11. */
  month: number;
  /** The season painted on each night that has one. */
  painted: ReadonlyMap<string, TSazonality>;
  today: string;
  onSelectSeason: (id: string) => void;
  /** A night without a season was clicked (to start a new season there). */
  onSelectEmptyDay?: (date: string) => void;
  /** The holidays and events of each night, marked under its number. */
  marks?: ReadonlyMap<string, NightMark[]>;
}

/**
 * One month as a small table, Monday first: each night painted in the colour of the season that
 * applies to it; the cell's name says the full date and the season, for screen readers.
 */
export const MonthGrid = memo(function MonthGrid({
  year,
  month,
  painted,
  today,
  onSelectSeason,
  onSelectEmptyDay,
  marks,
}: MonthGridProps) {
  const { t } = useTranslation('seasons');
  const markText = useMarkText();
  const intl = useIntl();
  const days = daysOfMonth(year, month);
  const lead = weekdays.indexOf(weekdayOf(days[0]!));
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  const longDate = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'full', timeZone: 'UTC' });
  const dayNumber = new Intl.DateTimeFormat(intl.locale, { day: 'numeric', timeZone: 'UTC' });
  const monthName = new Intl.DateTimeFormat(intl.locale, { month: 'long', timeZone: 'UTC' });
  const narrow = intl.weekdays('narrow');
  const long = intl.weekdays('long');

  return (
    <Box
      component="table"
      sx={{
        inlineSize: '100%',
        tableLayout: 'fixed',
        borderCollapse: 'separate',
        borderSpacing: '2px',
        '& th, & td': {
          p: 0,
          textAlign: 'center',
          fontSize: { xs: '0.6875rem', sm: '0.75rem' },
          lineHeight: { xs: '1.5rem', sm: '1.9rem' },
        },
      }}
    >
      <Box
        component="caption"
        sx={{
          captionSide: 'top',
          textAlign: 'start',
          fontWeight: 600,
          pb: 0.5,
          '&::first-letter': { textTransform: 'uppercase' },
        }}
      >
        {monthName.format(Date.UTC(year, month, 1))}
      </Box>
      <thead>
        <tr>
          {narrow.map((name, i) => (
            <Box
              component="th"
              key={weekdays[i]}
              scope="col"
              abbr={long[i]}
              sx={{ color: 'text.secondary', fontWeight: 500 }}
            >
              {name}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((date, d) => {
              if (!date) return <td key={d} />;
              const season = painted.get(date);
              const value = Date.parse(`${date}T00:00:00Z`);
              const dayMarks = marks?.get(date);
              const names = dayMarks && markText(dayMarks);
              const label = [
                season
                  ? t('calendar.dayWithSeason', {
                      date: longDate.format(value),
                      season: season.name,
                    })
                  : longDate.format(value),
                names,
              ]
                .filter(Boolean)
                .join(' · ');
              return (
                <Box
                  component="td"
                  key={date}
                  aria-label={label}
                  title={
                    [
                      season?.name ?? (onSelectEmptyDay ? t('calendar.startHere') : undefined),
                      names,
                    ]
                      .filter(Boolean)
                      .join(' · ') || undefined
                  }
                  aria-current={date === today ? 'date' : undefined}
                  data-date={date}
                  onClick={
                    season
                      ? () => onSelectSeason(season.id)
                      : onSelectEmptyDay && (() => onSelectEmptyDay(date))
                  }
                  style={
                    season
                      ? { backgroundColor: season.color, color: textOn(season.color) }
                      : undefined
                  }
                  sx={(theme) => ({
                    position: 'relative',
                    borderRadius: 1,
                    cursor: season || onSelectEmptyDay ? 'pointer' : 'default',
                    bgcolor: season ? undefined : alpha(theme.palette.text.primary, 0.04),
                    fontWeight: date === today ? 700 : 400,
                    outline: date === today ? `2px solid ${theme.palette.primary.main}` : 'none',
                    outlineOffset: -2,
                    '&:hover': season ? { filter: 'brightness(0.92)' } : undefined,
                  })}
                >
                  {dayNumber.format(value)}
                  <DayMark marks={dayMarks} />
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
});
