import type { TAutopilotResult } from '@tarifa/contract';
import { formatPercentChange } from '@/api/prices';
import type { Formatters } from '@/lib/intl';

type Expected = Extract<TAutopilotResult, { status: 'ready' }>['expected'];

/**
 * The expected effect on revenue as text, each figure signed and kept whole in right-to-left
 * text: the estimate (`uplift`), the low and high ends of its 90 % interval, and whether even
 * the low end is a gain.
 */
export function upliftText(intl: Formatters, expected: Expected) {
  const [low, high] = expected.upliftInterval;
  return {
    uplift: formatPercentChange(intl, expected.upliftPercent),
    low: formatPercentChange(intl, low),
    high: formatPercentChange(intl, high),
    sureGain: low > 0,
  };
}
