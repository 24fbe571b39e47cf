// Kept for RoomTypeDialog.tsx (owned elsewhere) until it imports `@/components/BusinessErrorAlert`.
export { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
