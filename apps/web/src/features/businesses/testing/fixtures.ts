// Kept for RoomTypeDialog.test.tsx (owned elsewhere) until it imports these from `@/testing`.
export { aBusiness, aRoomType, json } from '@/testing';
