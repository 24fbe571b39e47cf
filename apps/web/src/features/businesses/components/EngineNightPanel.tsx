import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { weekdays, type TBusiness } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { addDays, todayIn, weekdayOf } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { explainCell, formatMoney, longDate, usePrices } from '@/api/prices';

/** The coming Saturday (today when today is one) where the property is. */
function nextSaturday(today: string): string {
  return addDays(today, (weekdays.indexOf('sat') - weekdays.indexOf(weekdayOf(today)) + 7) % 7);
}

/**
 * What the pricing engine charges for a real night — the coming Saturday — per room type, with
 * how it gets there (`GET …/prices` for that night). It uses what is saved, with that night's
 * seasons and occupancy; the example above it shows the values being edited.
 */
export function EngineNightPanel({ business }: { business: TBusiness }) {
  const { t } = useTranslation(['property', 'priceCalendar']);
  const intl = useIntl();
  const today = todayIn(business.timezone);
  const night = nextSaturday(today);
  const rooms = business.tariffConfiguration.roomsTariff;
  const prices = usePrices(business, night, night, rooms.length > 0);
  const money = (value: number) => formatMoney(intl, value, business.currency);

  return (
    <Card component="section" aria-labelledby="engine-night-title" aria-busy={prices.isPending}>
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography id="engine-night-title" variant="h6" component="h2">
              {t('engine.title', { date: longDate(intl, night) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('engine.intro')}
            </Typography>
          </div>
          {prices.isPending ? (
            <Stack spacing={1} aria-label={t('engine.loading')}>
              {rooms.map((room) => (
                <Skeleton key={room.uuid} variant="rounded" height={48} />
              ))}
            </Stack>
          ) : prices.isError ? (
            <LoadErrorAlert error={prices.error} onRetry={prices.refetch}>
              {t('engine.loadFailed')}
            </LoadErrorAlert>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rooms.map((room) => {
                const cell = prices.data.prices.find((c) => c.roomUuid === room.uuid);
                if (!cell) return null;
                const { chain } = explainCell(
                  { t, intl, currency: business.currency, rooms, today },
                  cell,
                  room,
                );
                return (
                  <li key={room.uuid}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
                    >
                      <Typography sx={{ fontWeight: 600 }}>{room.name}</Typography>
                      <Typography
                        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                        data-testid="engine-price"
                      >
                        {money(cell.recommendedPrice)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {chain}
                    </Typography>
                  </li>
                );
              })}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
