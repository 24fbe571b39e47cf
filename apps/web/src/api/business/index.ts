/**
 * The selected property and the calls that change a business, for every feature that needs them
 * (bookings, seasons, fluctuation levels, integrations, gallery, the businesses feature itself).
 * Import from here (`@/api/business`), not the files. The calls only the businesses feature makes
 * (create, update, rooms, settings, photos, delete) live in that feature.
 */
export { businessKeys, businessPath } from './keys';
export {
  businessesQueryOptions,
  replaceBusiness,
  selectBusiness,
  selectedBusinessKey,
  selectedOf,
  setBusinesses,
  useBusinesses,
  useRequiredBusiness,
  useSelectBusiness,
  useSelectedBusiness,
} from './store';
export { useBusinessMutation } from './mutation';
export { useReloadBusinesses, useReportBusinessError } from './errors';
