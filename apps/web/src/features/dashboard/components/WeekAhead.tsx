import BedIcon from '@mui/icons-material/BedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBusiness, TPriceCell } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { visuallyHidden } from '@/lib/a11y';
import { addDays, eachNight, isWeekend, todayIn, utcDay } from '@/lib/dates';
import { useNightMarks } from '@/api/events';
import { NightMarkNames } from './NightMarkNames';
import { useIntl } from '@/lib/intl';
import { formatMoney, formatOccupancy, usePrices } from '@/api/prices';

/** How many nights the card shows, today first. */
const weekNights = 7;

/**
 * The next seven nights (today first, where the property is) of every room type, as the pricing
 * engine prices them (`GET …/prices`): the recommended price and the occupancy of each night.
 * A skeleton while they load, the error with Try again, and a link to the room types when there
 * are none (no call is made then).
 */
export function WeekAhead({ business }: { business: TBusiness }) {
  const { t } = useTranslation('dashboard');
  const intl = useIntl();
  const rooms = business.tariffConfiguration.roomsTariff;
  const from = todayIn(business.timezone);
  const to = addDays(from, weekNights - 1);
  const nights = eachNight(from, to);
  const prices = usePrices(business, from, to, rooms.length > 0);
  const marks = useNightMarks(business, from, to, rooms.length > 0);

  if (rooms.length === 0)
    return (
      <EmptyState
        icon={BedIcon}
        headingLevel="h3"
        title={t('panels.week.noRoomsTitle')}
        body={t('panels.week.noRoomsBody')}
        action={
          <Button variant="contained" component={Link} to="/pricing-central/room-form">
            {t('panels.week.toRooms')}
          </Button>
        }
      />
    );
  if (prices.isError)
    return (
      <LoadErrorAlert error={prices.error} onRetry={prices.refetch}>
        {t('panels.week.loadFailed')}
      </LoadErrorAlert>
    );

  const cells = new Map<string, TPriceCell>(
    (prices.data?.prices ?? []).map((cell) => [`${cell.roomUuid}|${cell.date}`, cell]),
  );
  const cellSx = {
    px: 1,
    py: 0.75,
    textAlign: 'center',
    borderBottom: 1,
    borderColor: 'divider',
  } as const;

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        aria-busy={prices.isPending}
        sx={{ inlineSize: '100%', borderCollapse: 'collapse', minInlineSize: 560 }}
      >
        <Typography component="caption" sx={visuallyHidden}>
          {t('panels.week.caption')}
        </Typography>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cellSx, textAlign: 'start' }}>
              <Typography variant="body2" color="text.secondary">
                {t('panels.week.roomType')}
              </Typography>
            </Box>
            {nights.map((night) => (
              <Box
                component="th"
                scope="col"
                key={night}
                sx={(theme) => ({
                  ...cellSx,
                  // Wide enough for a long word of a holiday's name ("Restauração") on one line.
                  minInlineSize: 88,
                  fontWeight: 'normal',
                  bgcolor: isWeekend(night)
                    ? alpha(theme.palette.primary.main, 0.06)
                    : 'transparent',
                })}
              >
                <Typography variant="body2" color="text.secondary">
                  {intl.date(utcDay(night), { weekday: 'short', timeZone: 'UTC' })}
                </Typography>
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                  {intl.date(utcDay(night), { day: 'numeric', month: 'short', timeZone: 'UTC' })}
                </Typography>
                <NightMarkNames marks={marks.get(night)} />
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => (
            <tr key={room.uuid}>
              <Box component="th" scope="row" sx={{ ...cellSx, textAlign: 'start' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {room.name}
                </Typography>
              </Box>
              {nights.map((night) => {
                const cell = cells.get(`${room.uuid}|${night}`);
                return (
                  <Box
                    component="td"
                    key={night}
                    sx={(theme) => ({
                      ...cellSx,
                      bgcolor: isWeekend(night)
                        ? alpha(theme.palette.primary.main, 0.06)
                        : 'transparent',
                    })}
                  >
                    {prices.isPending ? (
                      <Skeleton variant="text" sx={{ mx: 'auto', inlineSize: '70%' }} />
                    ) : cell ? (
                      <>
                        <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                          {formatMoney(intl, cell.recommendedPrice, business.currency)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('panels.week.occupancy', {
                            occupancy: formatOccupancy(intl, cell.occupancy),
                          })}
                        </Typography>
                      </>
                    ) : (
                      <Typography color="text.secondary">{t('panels.week.noPrice')}</Typography>
                    )}
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
