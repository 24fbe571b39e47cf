// Kept for calendar.ts (owned elsewhere) until it imports these from `@/lib/dates`.
export { daysOfMonth, weekdayOf } from '@/lib/dates';
