import type { TFunction } from 'i18next';
import type { TNotification } from '@tarifa/contract';
import type { Formatters } from '@/lib/intl';

/** The kinds of notification that are alerts (docs/digest-and-alerts.md). */
type AlertNotificationKind = Extract<TNotification['kind'], `alert_${string}`>;

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** A night (`YYYY-MM-DD`) as the reader writes dates. */
const night = (intl: Formatters, date: unknown) =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? intl.date(new Date(`${date}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' })
    : '';

/**
 * An alert's words: what was seen with its figures (the title), then what to do and the money at
 * stake when it is known (the detail).
 */
export function alertText(
  t: TFunction<['notifications', 'plans', 'priceChanges']>,
  intl: Formatters,
  kind: AlertNotificationKind,
  params: TNotification['params'],
): { title: string; detail: string } {
  const what = kind.slice('alert_'.length);
  const value = typeof params.value === 'number' && params.value > 0 ? params.value : null;
  const atStake =
    value !== null && typeof params.currency === 'string'
      ? t('alerts.atStake', {
          value: intl.money(value, params.currency, { maximumFractionDigits: 0 }),
        })
      : null;
  const withStake = (todo: string) => (atStake ? `${todo} ${atStake}` : todo);
  switch (kind) {
    case 'alert_connection_failing': {
      const error = textOf(params.lastError);
      const minutes = numberOf(params.minutes);
      return {
        title:
          params.name === null
            ? t('kinds.alert_connection_failing_webhook', { minutes })
            : t('kinds.alert_connection_failing', { name: textOf(params.name), minutes }),
        detail: [error ? t('details.lastError', { error }) : '', t('alerts.connection_failing')]
          .filter(Boolean)
          .join(' '),
      };
    }
    case 'alert_sold_out_early':
      return {
        title: t('kinds.alert_sold_out_early', {
          count: numberOf(params.nights),
          days: numberOf(params.days),
        }),
        detail: withStake(
          t('alerts.sold_out_early', {
            roomType: textOf(params.roomType),
            date: night(intl, params.first),
            daysAhead: numberOf(params.daysAhead),
          }),
        ),
      };
    case 'alert_price_at_bound': {
      const bound = params.bound === 'max' ? 'max' : 'min';
      return {
        title: t(`kinds.alert_price_at_bound_${bound}`, {
          roomType: textOf(params.roomType),
          nights: numberOf(params.nights),
        }),
        detail: withStake(t(`alerts.price_at_bound_${bound}`)),
      };
    }
    case 'alert_pace_behind':
      return {
        title: t('kinds.alert_pace_behind', {
          percent: intl.percent(numberOf(params.percent) / 100),
        }),
        detail: withStake(
          t('alerts.pace_behind', {
            roomNights: numberOf(params.roomNights),
            lastYear: numberOf(params.lastYearRoomNights),
          }),
        ),
      };
    case 'alert_event_uncovered':
      return {
        title: t('kinds.alert_event_uncovered', {
          name: textOf(params.name),
          date: night(intl, params.first),
        }),
        detail: t('alerts.event_uncovered', { count: numberOf(params.events) }),
      };
    case 'alert_forecast_error':
      return {
        title: t('kinds.alert_forecast_error', {
          mape: intl.percent(numberOf(params.mape), 1),
          usual: intl.percent(numberOf(params.usualMape), 1),
        }),
        detail: t('alerts.forecast_error'),
      };
  }
  return { title: what, detail: '' };
}
