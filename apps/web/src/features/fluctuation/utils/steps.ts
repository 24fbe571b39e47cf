import { z } from 'zod';
import { parseAmount } from '@/lib/numbers';
import {
  ZFluctuationLevelFields,
  type TFluctuationLevelGroup,
  type TFluctuationStep,
} from '@tarifa/contract';
import { applyPercent, clamp, fromMinor, levelAt, toMinor } from '@tarifa/pricing';

/** One step as the editor holds it: numbers as typed, and a key that stays with the row. */
export interface StepRow {
  key: string;
  occupancyFrom: string;
  adjustmentPercent: string;
}

/** What the group form edits. */
interface GroupFormValues {
  name: string;
  roomUuids: string[];
  levels: StepRow[];
}

let lastKey = 0;
export const newRowKey = () => `step-${(lastKey += 1)}`;

/** A number as typed, in any language's separators; '' is no number (undefined). */
export const parseDecimal = parseAmount;

/** Keeps what can become a number as the user types it: digits, one separator, a leading minus. */
export function sanitizeDecimal(text: string, { negative = true } = {}): string {
  let out = text.replace(/[^\d.,-]/g, '').replace(/(?!^)-/g, '');
  if (!negative) out = out.replace(/-/g, '');
  const separator = out.search(/[.,]/);
  if (separator >= 0) {
    out = out.slice(0, separator + 1) + out.slice(separator + 1).replace(/[.,]/g, '');
  }
  return out;
}

/** The form's values as the API's `fluctuationLevel` (before its own checks). */
function toGroupInput(values: GroupFormValues) {
  return {
    name: values.name,
    roomUuids: values.roomUuids,
    levels: values.levels.map((row) => ({
      occupancyFrom: parseDecimal(row.occupancyFrom),
      adjustmentPercent: parseDecimal(row.adjustmentPercent),
    })),
  };
}

/**
 * The contract's `ZFluctuationLevelFields` fed from the form: the editor is checked by the
 * rules the API applies (first step at 0 %, thresholds going up, adjustments −90 … +500 %), with
 * the same paths (`levels.2.occupancyFrom`).
 */
export const groupFormSchema = z.preprocess(
  (values) => toGroupInput(values as GroupFormValues),
  ZFluctuationLevelFields,
) as unknown as z.ZodType<z.output<typeof ZFluctuationLevelFields>, GroupFormValues>;

const rows = (levels: readonly TFluctuationStep[]): StepRow[] =>
  levels.map((level) => ({
    key: newRowKey(),
    occupancyFrom: String(level.occupancyFrom),
    adjustmentPercent: String(level.adjustmentPercent),
  }));

/** A new group starts from a common pattern: cheaper when quiet, dearer as the hotel fills. */
export function newGroupValues(): GroupFormValues {
  return {
    name: '',
    roomUuids: [],
    levels: rows([
      { occupancyFrom: 0, adjustmentPercent: -10 },
      { occupancyFrom: 40, adjustmentPercent: 0 },
      { occupancyFrom: 70, adjustmentPercent: 10 },
      { occupancyFrom: 90, adjustmentPercent: 25 },
    ]),
  };
}

export function groupValues(group: TFluctuationLevelGroup): GroupFormValues {
  return { name: group.name, roomUuids: [...group.roomUuids], levels: rows(group.levels) };
}

export function sameGroupValues(a: GroupFormValues, b: GroupFormValues): boolean {
  return JSON.stringify(toGroupInput(a)) === JSON.stringify(toGroupInput(b));
}

/** The next step's threshold when one is added: 10 points above the last, at most 100. */
export function nextThreshold(levels: readonly StepRow[]): number | null {
  const last = parseDecimal(levels.at(-1)?.occupancyFrom ?? '') ?? 0;
  if (Number.isNaN(last) || last >= 100) return null;
  return Math.min(100, Math.floor(last / 10) * 10 + 10);
}

/** The steps the editor holds that are numbers, in order (what the chart can draw). */
export function drawableSteps(levels: readonly StepRow[]): TFluctuationStep[] {
  return levels.flatMap((row) => {
    const occupancyFrom = parseDecimal(row.occupancyFrom);
    const adjustmentPercent = parseDecimal(row.adjustmentPercent);
    return occupancyFrom === undefined ||
      adjustmentPercent === undefined ||
      Number.isNaN(occupancyFrom) ||
      Number.isNaN(adjustmentPercent)
      ? []
      : [{ occupancyFrom, adjustmentPercent }];
  });
}

/**
 * The step that applies at an occupancy (percent, 0–100): the one with the greatest threshold not
 * above it (the pricing engine's rule).
 */
export function stepAt(levels: readonly TFluctuationStep[], occupancy: number) {
  return levelAt(levels, occupancy / 100);
}

/** `price` changed by `percent`, to the cent, kept within [min, max]. */
export function priceWith(
  room: { basePrice: number; minPrice: number; maxPrice: number },
  percent: number,
): number {
  if (![room.basePrice, room.minPrice, room.maxPrice, percent].every(Number.isFinite)) {
    return Number.NaN;
  }
  const price = applyPercent(toMinor(room.basePrice), percent);
  return fromMinor(clamp(price, toMinor(room.minPrice), toMinor(room.maxPrice)));
}
