import type { TLocale } from '@tarifa/contract';
import type { Executor } from '../db/client';
import { ratePlans } from '../db/schema';

/** The base rate plan's code and name when a property is created (both editable after). */
export const basePlanCode = 'BAR';
const basePlanNames: Record<TLocale, string> = {
  pt: 'Melhor tarifa disponível',
  en: 'Best available rate',
  fr: 'Meilleur tarif disponible',
  ar: 'أفضل سعر متاح',
};

/**
 * Gives a new property its base rate plan, named in its owner's language: the plan whose price is
 * the engine's (docs/rate-plans.md). Every property has exactly one (a unique index holds it).
 */
export async function insertBasePlan(db: Executor, businessUuid: string, locale: TLocale) {
  await db
    .insert(ratePlans)
    .values({ businessUuid, name: basePlanNames[locale], code: basePlanCode });
}
