/**
 * The price calendar (`/pricing-central`). What other features use of prices — the query keys,
 * GET prices, the preview of a configuration change (`usePricePreview`) and its sentence
 * (`PricePreviewSummary`) — lives in `@/api/prices` and `@/components/PricePreviewSummary`.
 */
export { default as PriceCalendarPage } from './pages/PriceCalendarPage';
