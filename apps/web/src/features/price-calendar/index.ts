/**
 * The price calendar and what other features may use of it: the preview of a configuration
 * change (`usePricePreview` + `PricePreviewSummary`) for the price-setup, season and level forms.
 */
export {
  PricePreviewSummary,
  type PricePreviewSummaryProps,
} from './components/PricePreviewSummary';
export { fetchPricePreview, usePricePreview } from './api/preview';
export { priceKeys } from './api/keys';
export { pricesQueryOptions, usePrices } from './api/prices';
