/**
 * The prices the engine recommends, for every feature that shows or previews them (the price
 * calendar, the dashboard, the price-setup, season and level forms) and those that change what
 * they depend on (bookings invalidate `priceKeys.all`). Import from here (`@/api/prices`). The
 * manual prices (overrides) are the price calendar's own calls.
 */
export { priceKeys, type RateView } from './keys';
export { putCells, usePrices } from './prices';
export { usePricePreview } from './preview';
export { explainCell } from './explain';
export {
  formatMoney,
  formatMoneyChange,
  formatOccupancy,
  formatPercentChange,
  longDate,
  shortDate,
} from './format';
export { useChangePreview } from './useChangePreview';
export { useDebounced } from './useDebounced';
