import { z } from 'zod';
import {
  ZSazonalityFields,
  type TSazonality,
  type TSazonalityAdjustmentType,
  type TWeekday,
} from '@tarifa/contract';
import { fromLocalDate, toLocalDate } from '@/lib/dates';
import { parseAmount } from '@/lib/numbers';

/** What the season form edits: dates as the pickers hold them, numbers as typed. */
interface SeasonFormValues {
  name: string;
  color: string;
  startDate: Date | null;
  endDate: Date | null;
  weekdays: TWeekday[];
  roomUuids: string[];
  adjustmentType: TSazonalityAdjustmentType;
  value: string;
  priority: string;
  /** Nights, as typed; blank: the price setup's minimum stay applies. */
  minStay: string;
}

/** Keeps what can become a number as the user types it: digits, one separator, a leading minus. */
export function sanitizeDecimal(text: string, { negative = true } = {}): string {
  let out = text.replace(/[^\d.,-]/g, '');
  out = out.replace(/(?!^)-/g, '');
  if (!negative) out = out.replace(/-/g, '');
  const separator = out.search(/[.,]/);
  if (separator >= 0) {
    out = out.slice(0, separator + 1) + out.slice(separator + 1).replace(/[.,]/g, '');
  }
  return out;
}

/** A picker's date as `YYYY-MM-DD`; a half-typed or impossible date stays invalid. */
function dateText(date: Date | null): string | undefined {
  if (date === null) return undefined;
  return Number.isNaN(date.getTime()) ? 'invalid' : fromLocalDate(date);
}

/** The form's values as the API's `sazonality` (before its own checks). */
function toSazonalityInput(values: SeasonFormValues) {
  return {
    name: values.name,
    color: values.color,
    startDate: dateText(values.startDate),
    endDate: dateText(values.endDate),
    weekdays: values.weekdays,
    roomUuids: values.roomUuids,
    adjustmentType: values.adjustmentType,
    value: parseAmount(values.value),
    priority: parseAmount(values.priority),
    minStay: values.minStay.trim() === '' ? null : parseAmount(values.minStay),
  };
}

/**
 * The contract's `ZSazonalityFields`, fed from the form's values: the form is checked by the
 * very rules the API applies, and its issues carry the same paths (`endDate`, `value`…).
 */
export const seasonFormSchema = z.preprocess(
  (values) => toSazonalityInput(values as SeasonFormValues),
  ZSazonalityFields,
) as unknown as z.ZodType<z.output<typeof ZSazonalityFields>, SeasonFormValues>;

/** Colours offered as swatches (any other `#rrggbb` can be typed). */
export const swatches = [
  { name: 'red', color: '#e53935' },
  { name: 'orange', color: '#fb8c00' },
  { name: 'yellow', color: '#fdd835' },
  { name: 'green', color: '#43a047' },
  { name: 'teal', color: '#00897b' },
  { name: 'blue', color: '#1e88e5' },
  { name: 'indigo', color: '#3949ab' },
  { name: 'purple', color: '#8e24aa' },
  { name: 'pink', color: '#d81b60' },
  { name: 'brown', color: '#6d4c41' },
] as const;

/** A new season: the first swatch no other season uses, every day, every room, +0 %. */
export function newSeasonValues(
  existing: readonly Pick<TSazonality, 'color'>[],
  start?: string,
): SeasonFormValues {
  const used = new Set(existing.map((s) => s.color.toLowerCase()));
  const color = swatches.find((s) => !used.has(s.color))?.color ?? swatches[0].color;
  const startDate = start ? toLocalDate(start) : null;
  return {
    name: '',
    color,
    startDate,
    endDate: startDate,
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: '',
    priority: '0',
    minStay: '',
  };
}

export function seasonValues(season: TSazonality): SeasonFormValues {
  return {
    name: season.name,
    color: season.color,
    startDate: toLocalDate(season.startDate),
    endDate: toLocalDate(season.endDate),
    weekdays: [...season.weekdays],
    roomUuids: [...season.roomUuids],
    adjustmentType: season.adjustmentType,
    value: String(season.value),
    priority: String(season.priority),
    minStay: season.minStay === null ? '' : String(season.minStay),
  };
}

/** Whether the form differs from what it started with (for the leave warning). */
export function sameSeasonValues(a: SeasonFormValues, b: SeasonFormValues): boolean {
  return JSON.stringify(toSazonalityInput(a)) === JSON.stringify(toSazonalityInput(b));
}
