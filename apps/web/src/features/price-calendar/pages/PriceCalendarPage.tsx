import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import BedIcon from '@mui/icons-material/KingBedOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { TBusiness, TRatePlan, TRoomTariff } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { EmptyState } from '@/components/EmptyState';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { usePendingChanges } from '@/api/price-changes';
import { usePrices, type RateView } from '@/api/prices';
import { useRatePlans } from '@/api/rate-plans';
import { useRequiredBusiness } from '@/api/business';
import { CalendarBody } from '../components/CalendarBody';
import { CalendarSkeleton } from '../components/CalendarSkeleton';
import { OccupancyLegend } from '../components/OccupancyLegend';
import { indexCells, indexChanges } from '../utils/cells';
import {
  addDays,
  addMonths,
  dayValue,
  eachNight,
  monthEnd,
  monthStart,
  todayIn,
  weekStart,
} from '@/lib/dates';

type View = 'month' | 'week';

/** The room types page, where a property without room types starts. */
export const roomTypesPath = '/pricing-central/room-form';

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayValue(value));

/**
 * The rate plan and guests the address asks for (`?plan=NR&guests=1`): a plan of the property
 * (the base when absent or unknown) and a number of guests one of its room types takes (each
 * room type's standard occupancy when absent). `rate` is what `GET …/prices` is asked for; null
 * for the base plan at standard occupancy, the calendar where prices are set.
 */
function rateViewOf(
  params: URLSearchParams,
  plans: readonly TRatePlan[],
  rooms: readonly TRoomTariff[],
) {
  const base = plans.find((plan) => plan.base);
  const code = params.get('plan')?.toUpperCase();
  const plan = plans.find((p) => p.code === code) ?? base;
  const maxGuests = Math.max(1, ...rooms.map((room) => room.guests.max));
  const asked = Number(params.get('guests'));
  const guests = Number.isInteger(asked) && asked >= 1 && asked <= maxGuests ? asked : null;
  const rate: RateView | null =
    (plan && !plan.base) || guests !== null
      ? {
          ...(plan && !plan.base && { ratePlan: plan.code }),
          ...(guests !== null && { guests }),
        }
      : null;
  // The room types the plan is sold for that take that many guests.
  const sold = rooms.filter(
    (room) =>
      (!plan || plan.roomUuids.length === 0 || plan.roomUuids.includes(room.uuid)) &&
      (guests === null || room.guests.max >= guests),
  );
  return { base, plan, guests, maxGuests, rate, sold };
}

/** The nights shown: a month, or the week (Monday first) holding `date`. */
function rangeOf(view: View, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = weekStart(date);
    return { from, to: addDays(from, 6) };
  }
  return { from: monthStart(date), to: monthEnd(date) };
}

function PriceCalendar({ business }: { business: TBusiness }) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // A phone: nights as the rows of a list that fits the screen's width.
  const narrow = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => todayIn(business.timezone), [business.timezone]);
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const dateParam = params.get('date');
  const date = isDay(dateParam) ? dateParam : today;
  const { from, to } = rangeOf(view, date);
  const nights = useMemo(() => eachNight(from, to), [from, to]);
  // The grid opens with `date` (today, unless the address says another night) at the start of
  // what shows; "Today" asks for it again even when today is already among the nights.
  const [scrollKey, setScrollKey] = useState(0);
  const selectedNight = useRef<string | null>(null);
  const onSelectNight = useCallback((night: string | null) => {
    selectedNight.current = night;
  }, []);

  const allRooms = business.tariffConfiguration.roomsTariff;
  const ratePlans = useRatePlans(business, allRooms.length > 0);
  const plans = ratePlans.data?.ratePlans ?? [];
  const { base, plan, guests, maxGuests, rate, sold: rooms } = rateViewOf(params, plans, allRooms);
  const [picked, setPicked] = useState('');
  const phoneRoom = rooms.find((room) => room.uuid === picked) ?? rooms[0];
  const shown = wide ? rooms : phoneRoom ? [phoneRoom] : [];

  // A plan named in the address is known once the plans are read: its prices are asked then.
  const planKnown = !params.get('plan') || ratePlans.isSuccess || ratePlans.isError;
  const prices = usePrices(business, from, to, rooms.length > 0 && planKnown, rate);
  const cells = useMemo(() => indexCells(prices.data?.prices ?? []), [prices.data]);
  // The marks of changes waiting for approval (the base plan's: shown on its prices only); the
  // prices show without them until they come.
  const pending = usePendingChanges(business.uuid, from, to, rooms.length > 0);
  const onBase = rate === null;
  const changes = useMemo(
    () => indexChanges(onBase ? (pending.data ?? []) : []),
    [pending.data, onBase],
  );
  const setRate = (next: { plan?: string; guests?: number | null }) =>
    setParams((current) => {
      const result = new URLSearchParams(current);
      if (next.plan !== undefined) {
        if (next.plan === base?.code) result.delete('plan');
        else result.set('plan', next.plan);
      }
      if (next.guests === null) result.delete('guests');
      else if (next.guests !== undefined) result.set('guests', String(next.guests));
      return result;
    });

  const go = (next: { view?: View; date?: string | null }) =>
    setParams((current) => {
      const result = new URLSearchParams(current);
      const nextView = next.view ?? view;
      if (nextView === 'week') result.set('view', 'week');
      else result.delete('view');
      if (next.date === null) result.delete('date');
      else if (next.date) result.set('date', next.date);
      return result;
    });
  const step = (direction: -1 | 1) =>
    go({ date: view === 'week' ? addDays(from, 7 * direction) : addMonths(from, direction) });

  const title =
    view === 'week'
      ? new Intl.DateTimeFormat(intl.locale, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).formatRange(dayValue(from), dayValue(to))
      : intl.date(dayValue(from), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const flip = { transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 760 }}>
          {t('intro', { name: business.name })}
        </Typography>
      </div>

      {allRooms.length === 0 ? (
        <Card>
          <EmptyState
            icon={BedIcon}
            headingLevel="h2"
            title={t('empty.title')}
            body={t('empty.body')}
            action={
              <Button component={RouterLink} to={roomTypesPath} variant="contained">
                {t('empty.action')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Card component="section" aria-labelledby="price-calendar-range">
          <CardContent>
            <Stack spacing={2}>
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
              >
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <IconButton
                    onClick={() => step(-1)}
                    aria-label={view === 'week' ? t('nav.previousWeek') : t('nav.previousMonth')}
                  >
                    <ChevronLeftIcon sx={flip} />
                  </IconButton>
                  <IconButton
                    onClick={() => step(1)}
                    aria-label={view === 'week' ? t('nav.nextWeek') : t('nav.nextMonth')}
                  >
                    <ChevronRightIcon sx={flip} />
                  </IconButton>
                  <Typography
                    id="price-calendar-range"
                    variant="h6"
                    component="h2"
                    sx={{ '&::first-letter': { textTransform: 'uppercase' }, paddingInline: 1 }}
                  >
                    {title}
                  </Typography>
                  <Button
                    size="small"
                    variant="text"
                    onClick={() => {
                      go({ date: null });
                      setScrollKey((key) => key + 1);
                    }}
                  >
                    {t('nav.today')}
                  </Button>
                </Stack>
                <Stack
                  direction="row"
                  useFlexGap
                  spacing={1.5}
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  {plans.length > 1 && plan && (
                    <TextField
                      select
                      size="small"
                      label={t('rate.plan')}
                      value={plan.code}
                      onChange={(event) => setRate({ plan: event.target.value })}
                      sx={{ minInlineSize: 180 }}
                    >
                      {plans.map((p) => (
                        <MenuItem key={p.uuid} value={p.code}>
                          {p.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                  {(maxGuests > 1 || guests !== null) && (
                    <TextField
                      select
                      size="small"
                      label={t('rate.guests')}
                      value={guests === null ? '' : String(guests)}
                      onChange={(event) =>
                        setRate({ guests: event.target.value ? Number(event.target.value) : null })
                      }
                      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                      sx={{ minInlineSize: 150 }}
                    >
                      <MenuItem value="">{t('rate.standard')}</MenuItem>
                      {Array.from({ length: maxGuests }, (_, i) => i + 1).map((count) => (
                        <MenuItem key={count} value={String(count)}>
                          {t('rate.guestCount', { count })}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                  {!wide && rooms.length > 1 && (
                    <TextField
                      select
                      size="small"
                      label={t('grid.roomType')}
                      value={phoneRoom?.uuid ?? ''}
                      onChange={(event) => setPicked(event.target.value)}
                      sx={{ minInlineSize: 160, flex: 1 }}
                    >
                      {rooms.map((room) => (
                        <MenuItem key={room.uuid} value={room.uuid}>
                          {room.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={view}
                    aria-label={t('nav.view')}
                    // The week (or month) of the selected night, else of the night shown.
                    onChange={(_, next: View | null) =>
                      next && go({ view: next, date: selectedNight.current ?? date })
                    }
                  >
                    <ToggleButton value="month">{t('nav.month')}</ToggleButton>
                    <ToggleButton value="week">{t('nav.week')}</ToggleButton>
                  </ToggleButtonGroup>
                </Stack>
              </Stack>

              {rate && plan && base && (
                <Alert severity="info">
                  {t('rate.followsBase', {
                    plan: isolate(intl, plan.name),
                    forGuests:
                      guests === null
                        ? t('rate.forStandard')
                        : t('rate.forGuests', { count: guests }),
                    base: isolate(intl, base.name),
                  })}
                </Alert>
              )}
              {rooms.length === 0 ? (
                <Typography color="text.secondary">
                  {t('rate.noRooms', { plan: isolate(intl, plan?.name ?? '') })}
                </Typography>
              ) : prices.isError && !prices.data ? (
                <LoadErrorAlert error={prices.error} onRetry={prices.refetch}>
                  {t('loadFailed')}
                </LoadErrorAlert>
              ) : prices.isPending ? (
                <CalendarSkeleton rows={shown.length} />
              ) : (
                <CalendarBody
                  key={`${from}|${to}|${shown.map((room) => room.uuid).join(',')}`}
                  business={business}
                  rooms={shown}
                  nights={nights}
                  cells={cells}
                  changes={changes}
                  today={today}
                  label={t('grid.label', { range: title })}
                  roomy={view === 'week'}
                  layout={narrow ? 'list' : 'columns'}
                  scrollTo={date}
                  scrollKey={scrollKey}
                  onSelectNight={onSelectNight}
                  followsBase={rate ? base?.name : undefined}
                />
              )}
              <OccupancyLegend />
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/**
 * `/pricing-central`: the price calendar of the selected property — room types by nights, each
 * night's recommended price shaded by occupancy, why it is that price, and the owner's own prices.
 */
export default function PriceCalendarPage() {
  const business = useRequiredBusiness();
  return <PriceCalendar key={business.uuid} business={business} />;
}
