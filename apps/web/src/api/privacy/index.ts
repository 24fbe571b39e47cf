/** Guests' personal data of a property (docs/privacy.md). Import from here (`@/api/privacy`). */
export {
  useEraseGuestData,
  useFindGuestData,
  useGuestPrivacySettings,
  useSaveGuestPrivacySettings,
} from './api';
