import type { TFunction } from 'i18next';
import type { TDailyRow } from '@tarifa/contract';

/**
 * The daily figures as a CSV table (its header in the active language, the figures as the API
 * gives them: occupancy a fraction, money in the business currency).
 */
export function dailyTable(t: TFunction, days: readonly TDailyRow[]) {
  return {
    header: [
      t('analytics:csv.night'),
      t('analytics:measures.roomsAvailable'),
      t('analytics:measures.roomsSold'),
      t('analytics:measures.occupancy'),
      t('analytics:measures.revenue'),
      t('analytics:measures.adr'),
      t('analytics:measures.revpar'),
      t('analytics:measures.recommendedPrice'),
      t('analytics:measures.publishedPrice'),
    ],
    rows: days.map((day) => [
      day.date,
      day.roomsAvailable,
      day.roomsSold,
      day.occupancy,
      day.revenue,
      day.adr,
      day.revpar,
      day.recommendedPrice,
      day.publishedPrice,
    ]),
  };
}
