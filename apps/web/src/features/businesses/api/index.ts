/** The calls only the businesses feature makes. The store and `useBusinessMutation`: `@/api/business`. */
export {
  useCreateBusiness,
  useDeleteBusiness,
  useDeletedBusinesses,
  useRemovePhoto,
  useRestoreBusiness,
  useSaveRoomsTariff,
  useSaveSettings,
  useUpdateBusiness,
  useUploadPhoto,
} from './mutations';
// Kept for RoomTypeDialog.test.tsx (owned elsewhere) until it imports `@/api/business`.
