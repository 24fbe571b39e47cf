/**
 * Public holidays and the owner's local events, for every feature that shows them (the seasons
 * area, the price calendar's marks, the dashboard's next nights). Import from here (`@/api/events`).
 */
export { useEvents, useHolidayRegions, useHolidays } from './api';
export { markColor, nightMarks, useMarkText, useNightMarks, type NightMark } from './marks';
