import {
  reasonPhrases,
  reasonWords,
  type TPriceChange,
  type TPriceChangeReasonStep,
} from '@tarifa/contract';
import type { Formatters } from '@/lib/intl';
import { formatMoneyChange, formatPercentChange } from '@/api/prices';

/**
 * Why a price changed, in the active language: the contract's `reasonWords`, the one wording of a
 * reason (the API's `reason.text` and CSV export say it the same way), from the reason's steps and
 * the restrictions the change moves. Amounts in the active region's format.
 */
export function describeChange(
  intl: Formatters,
  currency: string,
  change: Pick<TPriceChange, 'oldPrice' | 'reason' | 'oldRestrictions' | 'newRestrictions'>,
): string {
  return reasonWords(
    {
      steps: change.reason.steps,
      firstPublication: change.oldPrice === null,
      restrictions: { was: change.oldRestrictions, now: change.newRestrictions },
    },
    { locale: intl.language, currency, intlLocale: intl.locale },
  );
}

/** A reason step's name in the active language ("Season"), as reasons name it. */
export function reasonStepName(intl: Formatters, step: TPriceChangeReasonStep): string {
  return reasonPhrases[intl.language].steps[step];
}

/** How far a change moves the price: in money and in percent (null when nothing was published). */
export function changeFigures(change: Pick<TPriceChange, 'oldPrice' | 'newPrice'>): {
  direction: 'up' | 'down' | 'same' | 'new';
  difference: number | null;
  percent: number | null;
} {
  if (change.oldPrice === null) return { direction: 'new', difference: null, percent: null };
  // Money is decimal on the wire: subtract in cents so 0.1 + 0.2 stays exact.
  const difference = (Math.round(change.newPrice * 100) - Math.round(change.oldPrice * 100)) / 100;
  const percent = change.oldPrice === 0 ? null : (difference / change.oldPrice) * 100;
  return {
    direction: difference > 0 ? 'up' : difference < 0 ? 'down' : 'same',
    difference,
    percent,
  };
}

/** "+€20 (+10%)": a change's difference in money and percent, as the table and calendar show it. */
export function formatDifference(
  intl: Formatters,
  currency: string,
  change: Pick<TPriceChange, 'oldPrice' | 'newPrice'>,
): { money: string; percent: string | null } | null {
  const { difference, percent } = changeFigures(change);
  if (difference === null) return null;
  return {
    money: formatMoneyChange(intl, difference, currency),
    percent: percent === null ? null : formatPercentChange(intl, percent),
  };
}
