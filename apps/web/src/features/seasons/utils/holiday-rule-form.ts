import { z } from 'zod';
import {
  holidayTypes,
  ZAdjustmentPercent,
  ZHolidayRule,
  type THolidayRule,
  type THolidayType,
} from '@tarifa/contract';
import { parseAmount } from '@/lib/numbers';

/** What the holiday-rule form edits: one flat field per type's percent and per night count. */
type HolidayRuleFormValues = {
  enabled: boolean;
  nightsBefore: string;
  nightsAfter: string;
} & Record<THolidayType, string>;

export function holidayRuleFormValues(rule: THolidayRule): HolidayRuleFormValues {
  return {
    enabled: rule.enabled,
    nightsBefore: String(rule.nightsBefore),
    nightsAfter: String(rule.nightsAfter),
    ...(Object.fromEntries(
      holidayTypes.map((type) => [type, String(rule.adjustments[type])]),
    ) as Record<THolidayType, string>),
  };
}

/**
 * The contract's rules on the form's flat fields (so an issue names the field it is on, e.g.
 * `public`), answering the rule as the API takes it.
 */
export const holidayRuleFormSchema = z.preprocess(
  (input) => {
    const values = input as HolidayRuleFormValues;
    return Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        typeof value === 'string' ? parseAmount(value) : value,
      ]),
    );
  },
  z
    .object({
      enabled: z.boolean(),
      nightsBefore: ZHolidayRule.shape.nightsBefore,
      nightsAfter: ZHolidayRule.shape.nightsAfter,
      ...(Object.fromEntries(holidayTypes.map((type) => [type, ZAdjustmentPercent])) as Record<
        THolidayType,
        typeof ZAdjustmentPercent
      >),
    })
    .transform((v): THolidayRule => ({
      enabled: v.enabled,
      nightsBefore: v.nightsBefore,
      nightsAfter: v.nightsAfter,
      adjustments: Object.fromEntries(
        holidayTypes.map((type) => [type, v[type]]),
      ) as THolidayRule['adjustments'],
    })),
) as unknown as z.ZodType<THolidayRule, HolidayRuleFormValues>;
