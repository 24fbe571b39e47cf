// Kept for RoomTypeDialog.tsx and examplePrice.ts (owned elsewhere) until they import these from
// `@/lib/numbers`.
export { numberText, parseNumberInput, toCents } from '@/lib/numbers';
