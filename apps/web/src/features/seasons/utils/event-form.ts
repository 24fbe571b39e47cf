import { z } from 'zod';
import { ZEventFields, type TEvent, type TEventImpact } from '@tarifa/contract';
import { fromLocalDate, toLocalDate } from '@/lib/dates';
import { parseAmount } from '@/lib/numbers';

/** What the event dialog edits: dates as the pickers hold them, the percent as typed. */
interface EventFormValues {
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  impact: TEventImpact;
  /** Empty: the event only marks its nights. */
  adjustmentPercent: string;
}

const dateText = (date: Date | null) =>
  date === null ? undefined : Number.isNaN(date.getTime()) ? 'invalid' : fromLocalDate(date);

/** The contract's `ZEventFields`, fed from the form: the API's own rules, on the same paths. */
export const eventFormSchema = z.preprocess((input) => {
  const values = input as EventFormValues;
  return {
    name: values.name,
    startDate: dateText(values.startDate),
    endDate: dateText(values.endDate),
    impact: values.impact,
    adjustmentPercent:
      values.adjustmentPercent.trim() === '' ? null : parseAmount(values.adjustmentPercent),
  };
}, ZEventFields) as unknown as z.ZodType<z.output<typeof ZEventFields>, EventFormValues>;

/** The form's values of an event (a new one: the night given, medium impact, no adjustment). */
export function eventFormValues(event: TEvent | undefined, start: string): EventFormValues {
  return {
    name: event?.name ?? '',
    startDate: toLocalDate(event?.startDate ?? start),
    endDate: toLocalDate(event?.endDate ?? start),
    impact: event?.impact ?? 'medium',
    adjustmentPercent: event?.adjustmentPercent == null ? '' : String(event.adjustmentPercent),
  };
}
