import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analyticsLimits, type TBusiness } from '@tarifa/contract';
import { ChartCard } from '@/components/charts/ChartCard';
import { calendarNightPath, useAnalytics } from '@/api/analytics';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { shortDate } from '@/api/prices';

/** The nights that gained the most rooms, listed under the totals. */
const topNights = 3;

/**
 * What the last 7 days of bookings added (`pickup?days=7`: rooms and revenue, net of
 * cancellations) to the next 90 nights, and the nights that gained the most.
 */
export function PickupCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('dashboard');
  const intl = useIntl();
  const days = analyticsLimits.pickupDaysDefault;
  const pickup = useAnalytics(business, 'pickup', { days });
  const answer = pickup.data;
  const signed = (value: number) =>
    isolate(intl, intl.number(value, { signDisplay: 'exceptZero' }));
  const best = (answer?.nights ?? [])
    .filter((night) => night.rooms > 0)
    .sort((a, b) => b.rooms - a.rooms || a.date.localeCompare(b.date))
    .slice(0, topNights);

  return (
    <ChartCard
      title={t('pickup.title', { days: intl.number(days) })}
      subtitle={t('pickup.subtitle', { days: intl.number(days) })}
      load={pickup}
      empty={
        answer !== undefined &&
        answer.totals.rooms === 0 &&
        answer.nights.every((night) => night.rooms === 0 && night.onTheBooks === 0)
      }
      fileName={`pickup-${answer?.asOf ?? ''}`}
      height={120}
      table={() => ({
        header: [
          t('analytics:csv.night'),
          t('analytics:measures.onTheBooks'),
          t('analytics:measures.pickup'),
          t('analytics:measures.pickupRevenue'),
        ],
        rows: (answer?.nights ?? []).map((night) => [
          night.date,
          night.onTheBooks,
          night.rooms,
          night.revenue,
        ]),
      })}
    >
      {() =>
        answer && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={4}>
              <div>
                <Typography variant="h4" component="p">
                  {signed(answer.totals.rooms)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('pickup.rooms')}
                </Typography>
              </div>
              <div>
                <Typography variant="h4" component="p">
                  {isolate(
                    intl,
                    intl.money(answer.totals.revenue, answer.currency, {
                      signDisplay: 'exceptZero',
                      maximumFractionDigits: 0,
                    }),
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('pickup.revenue')}
                </Typography>
              </div>
            </Stack>
            {best.length > 0 && (
              <div>
                <Typography variant="body2" color="text.secondary">
                  {t('pickup.best')}
                </Typography>
                <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                  {best.map((night) => (
                    <li key={night.date}>
                      <Typography
                        component={Link}
                        to={calendarNightPath(night.date)}
                        variant="body2"
                        sx={{ color: 'primary.main' }}
                      >
                        {t('pickup.night', {
                          night: shortDate(intl, night.date),
                          rooms: signed(night.rooms),
                        })}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </div>
            )}
          </Stack>
        )
      }
    </ChartCard>
  );
}
