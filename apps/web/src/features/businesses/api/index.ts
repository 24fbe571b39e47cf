/**
 * The businesses store and calls (SPEC §3/§4/§7/§8), for this feature and the others that need the
 * selected property (seasons, fluctuation levels, pricing…). Import from here, not the files.
 */
export { businessKeys, businessPath } from './keys';
export {
  businessesQueryOptions,
  fetchBusinesses,
  replaceBusiness,
  selectBusiness,
  selectedBusinessKey,
  selectedOf,
  setBusinesses,
  useBusinesses,
  useSelectBusiness,
  useSelectedBusiness,
  withRememberedFirst,
} from './store';
export {
  deletedBusinessesQueryOptions,
  useBusinessMutation,
  useCreateBusiness,
  useDeleteBusiness,
  useDeletedBusinesses,
  useRemovePhoto,
  useRestoreBusiness,
  useSaveRoomsTariff,
  useSaveSettings,
  useUpdateBusiness,
  useUploadPhoto,
  type BusinessAnswer,
  type BusinessMutationOptions,
  type SaveRoomsTariffVars,
  type SaveSettingsVars,
  type UpdateBusinessVars,
} from './mutations';
export { isVersionConflict, useReloadBusinesses, useReportBusinessError } from './errors';
