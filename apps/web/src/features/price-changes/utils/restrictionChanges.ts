import type { TFunction } from 'i18next';
import type { TCellRestrictions, TPriceChange } from '@tarifa/contract';
import { describeReason } from '@/api/price-changes';
import type { Formatters } from '@/lib/intl';

const keys = [
  'minStay',
  'maxStay',
  'closedToArrival',
  'closedToDeparture',
  'orphan',
] as const satisfies readonly (keyof TCellRestrictions)[];

/**
 * The stay restrictions a change moves, in words: "Minimum stay: 1 (was 3)". Nothing when either
 * side is unknown (never published, or a change from before restrictions were published).
 */
export function restrictionChanges(
  t: TFunction,
  change: Pick<TPriceChange, 'oldRestrictions' | 'newRestrictions'>,
): string[] {
  const { oldRestrictions: was, newRestrictions: now } = change;
  if (!was || !now) return [];
  const value = (v: number | boolean | null) =>
    v === null
      ? t('restrictions:changes.none')
      : typeof v === 'boolean'
        ? t(v ? 'restrictions:changes.yes' : 'restrictions:changes.no')
        : String(v);
  return keys
    .filter((key) => was[key] !== now[key])
    .map((key) =>
      t('restrictions:changes.changed', {
        name: t(`restrictions:changes.names.${key}`),
        now: value(now[key]),
        was: value(was[key]),
      }),
    );
}

/** A change's reason with the restrictions it moves (a restriction-only change: those alone). */
export function describeChange(
  t: TFunction,
  intl: Formatters,
  currency: string,
  change: Pick<TPriceChange, 'reason' | 'oldRestrictions' | 'newRestrictions'>,
): string {
  const stays = restrictionChanges(t, change);
  const separator = t('priceChanges:reason.separator');
  if (change.reason.steps.length === 0 && stays.length > 0) return stays.join(separator);
  return [describeReason(t, intl, currency, change.reason), ...stays].join(separator);
}
