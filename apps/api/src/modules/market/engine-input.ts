import type { TTariffSettings } from '@tarifa/contract';
import type { MarketInput } from '@tarifa/pricing';
import type { BusinessRow } from '../../core/tenancy';
import type { Executor } from '../../db/client';

/**
 * The competitors' figures per room type and night `from`…`to` (minor units), from the rates of
 * the categories mapped to each room type that are not older than `settings.market.maxAgeDays`;
 * null when the business has none.
 */
export async function loadMarketStats(
  _tx: Executor,
  _business: BusinessRow,
  _settings: TTariffSettings,
  _range: { from: string; to: string; now: Date },
): Promise<MarketInput['stats'] | null> {
  return null;
}
