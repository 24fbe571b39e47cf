// Kept for adjustment.ts (owned elsewhere) until it imports `isolate` from `@/lib/bidi`.
export { isolate } from '@/lib/bidi';
