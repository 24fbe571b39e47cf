/**
 * The prices the engine recommends, for every feature that shows or previews them (the price
 * calendar, the dashboard, the price-setup, season and level forms) and those that change what
 * they depend on (bookings invalidate `priceKeys.all`). Import from here (`@/api/prices`). The
 * manual prices (overrides) are the price calendar's own calls.
 */
export { priceKeys } from './keys';
export { fetchPrices, pricesQueryOptions, usePrices } from './prices';
export { fetchPricePreview, usePricePreview } from './preview';
export { explainCell, type ExplainContext, type Explanation } from './explain';
export {
  formatMoney,
  formatMoneyChange,
  formatOccupancy,
  formatPercentChange,
  longDate,
  shortDate,
} from './format';
export { useChangePreview, type ChangePreview } from './useChangePreview';
export { useDebounced } from './useDebounced';
