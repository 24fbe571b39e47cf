import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/api/prices';
import { isolate } from '@/lib/bidi';
import { dayValue } from '@/lib/dates';
import { useIntl, type Formatters } from '@/lib/intl';
import { runsOf, type ManualPriceGuard } from '../utils/guards';

/** "24–26 December": nights as runs of consecutive ones, each run as one range. */
export function nightsText(intl: Formatters, nights: readonly string[]): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };
  const runs = runsOf(nights).map(([first, last]) =>
    first === last
      ? intl.date(dayValue(first), options)
      : intl.dateRange(dayValue(first), dayValue(last), options),
  );
  return new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(runs);
}

/**
 * What a manual price is confirmed for, one sentence per room type and reason: "Double: 45 € on
 * 24–26 Dec (3 nights) is below this room's minimum of 60 €."
 */
export function GuardSentences({
  guards,
  price,
  currency,
  warnPercent,
}: {
  guards: readonly ManualPriceGuard[];
  price: number;
  currency: string;
  warnPercent: number;
}) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const money = (value: number) => formatMoney(intl, value, currency);
  return guards.map((guard) => {
    const common = {
      room: isolate(intl, guard.room.name),
      price: money(price),
      nights: t('guard.nights', {
        count: guard.nights.length,
        dates: nightsText(intl, guard.nights),
      }),
    };
    const sentence =
      'bound' in guard
        ? t(`guard.${guard.kind}`, { ...common, bound: money(guard.bound) })
        : t(`guard.${guard.kind}`, {
            ...common,
            percent: intl.percent(warnPercent / 100),
            recommended:
              guard.recommended.low === guard.recommended.high
                ? money(guard.recommended.low)
                : t('guard.between', {
                    low: money(guard.recommended.low),
                    high: money(guard.recommended.high),
                  }),
          });
    return (
      <Alert key={`${guard.room.uuid}|${guard.kind}`} severity="warning">
        {sentence}
      </Alert>
    );
  });
}
