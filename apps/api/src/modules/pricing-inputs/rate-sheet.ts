import type { TGuestAdjustment } from '@tarifa/contract';
import {
  compileRateSheet,
  inDerivationOrder,
  toMinor,
  type GuestRulesInput,
  type PriceAdjustment,
  type RatePlanInput,
  type RateSheet,
  type RateSheetInput,
} from '@tarifa/pricing';
import type { Executor } from '../../db/client';
import { ratePlansRepository, toRatePlanInput } from '../rate-plans/repository';
import type { Configuration } from './configuration';

/**
 * The second stage of a price (docs/rate-plans.md): the property's rate plans, its room types'
 * guests and its length-of-stay rules, compiled into the engine's rate sheet, which expands the
 * base plan's price of a room type and night into every rate plan and number of guests.
 */
export interface PropertyRateSheet {
  sheet: RateSheet;
  /** Every plan, active or not, the base first, then each parent before its derived plans. */
  plans: readonly RatePlanInput[];
  byCode: ReadonlyMap<string, RatePlanInput>;
  base: RatePlanInput;
  /** The length-of-stay rules' minimum nights, shortest first. */
  stays: readonly number[];
}

/** A percent stays in percent, an amount crosses into minor units (the engine's units). */
const toEngineAdjustment = (adjustment: TGuestAdjustment): PriceAdjustment =>
  adjustment.type === 'percent'
    ? { type: 'percent', value: adjustment.value }
    : { type: 'amount', value: toMinor(adjustment.value) };

/** The sheet's inputs from a configuration (wire units) and the plans (the engine's units). */
export function toRateSheetInput(
  config: Pick<Configuration, 'roomsTariff' | 'settings'>,
  ratePlans: readonly RatePlanInput[],
): RateSheetInput {
  const { guests: defaults, lengthOfStay, rounding } = config.settings;
  const guestRules = config.roomsTariff.map(({ uuid, guests }): GuestRulesInput => ({
    roomUuid: uuid,
    standardGuests: guests.standard,
    maxGuests: guests.max,
    pricing: guests.pricing,
    extraGuest: toEngineAdjustment(guests.extraGuest ?? defaults.extraGuest),
    missingGuest: toEngineAdjustment(guests.missingGuest ?? defaults.missingGuest),
  }));
  return {
    ratePlans,
    guestRules,
    lengthOfStay: lengthOfStay.map((rule) => ({
      minNights: rule.minNights,
      adjustment: toEngineAdjustment(rule.adjustment),
    })),
    rounding,
  };
}

/** The property's rate sheet, over a configuration already read (`loadConfiguration`). */
export async function loadRateSheet(
  tx: Executor,
  businessUuid: string,
  config: Pick<Configuration, 'roomsTariff' | 'settings'>,
): Promise<PropertyRateSheet> {
  const rows = await ratePlansRepository(tx, businessUuid).list();
  return compilePropertySheet(config, inDerivationOrder(rows.map(toRatePlanInput)));
}

/** The rate sheet of these plans (in derivation order) over a configuration. */
export function compilePropertySheet(
  config: Pick<Configuration, 'roomsTariff' | 'settings'>,
  plans: readonly RatePlanInput[],
): PropertyRateSheet {
  const sheet = compileRateSheet(toRateSheetInput(config, plans));
  return {
    sheet,
    plans,
    byCode: new Map(plans.map((plan) => [plan.code, plan])),
    base: plans[0]!,
    stays: config.settings.lengthOfStay.map((rule) => rule.minNights).sort((a, b) => a - b),
  };
}
