import type { Locator, Page } from '@playwright/test';

/**
 * The price calendar in the specs: nights of next month (so every night shown is ahead of today),
 * named as the grid's cells name them in Portuguese.
 */

const now = new Date();
const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
export const year = month.getUTCFullYear();
const pad = (n: number) => String(n).padStart(2, '0');
/** Next month's number, two digits (`09`). */
export const monthDigits = pad(month.getUTCMonth() + 1);
/** Night `day` of next month as `YYYY-MM-DD`. */
export const night = (day: number) => `${year}-${monthDigits}-${pad(day)}`;
/** The night in words, as the cells' names say it ("sábado, 12 de setembro de 2026"). */
export const inWords = (day: number) =>
  new Intl.DateTimeFormat('pt', { dateStyle: 'full', timeZone: 'UTC' }).format(
    Date.UTC(year, month.getUTCMonth(), day),
  );
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One room type's cell on night `day` of next month. */
export const cell = (page: Page, room: string, day: number): Locator =>
  page
    .getByRole('grid')
    .getByRole('gridcell', { name: new RegExp(`^${escape(`${room}, ${inWords(day)}:`)}`) });
