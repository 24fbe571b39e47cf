// Kept for utils/calendar.test.ts (owned elsewhere) until it imports these from `@/testing`.
export { aSeason as season, doubleRoom as double, suiteRoom as suite } from '@/testing';
