/**
 * Price changes (the log the owner approves or rejects), for every feature that shows or decides
 * them: the price-changes page and the price calendar's marks. Import from here
 * (`@/api/price-changes`). Every decision invalidates `priceChangeKeys.all` and `priceKeys.all`.
 */
export { priceChangeKeys } from './keys';
export {
  priceChangesQueryOptions,
  useDecidePriceChanges,
  usePendingChanges,
  useNightChange,
  usePriceChanges,
  usePriceChangesSummary,
  type PriceChangeDecision,
} from './api';
export { useFirstPriceList } from './first-list';
export { changeFigures, describeChange, formatDifference, reasonStepName } from './reason';
