import { sql } from 'drizzle-orm';
import { locales, type TLocale } from '@tarifa/contract';
import type { Executor } from '../db/client';

/** The base rate plan's code and name when a property is created (both editable after). */
const basePlanCode = 'BAR';
const basePlanNames: Record<TLocale, string> = {
  pt: 'Melhor tarifa disponível',
  en: 'Best available rate',
  fr: 'Meilleur tarif disponible',
  ar: 'أفضل سعر متاح',
};

/**
 * Gives a new property its base rate plan, named in its owner's language (Portuguese when the
 * language is not one of Tarifa's): the plan whose price is the engine's (docs/rate-plans.md).
 * Every property has exactly one (a unique index holds it).
 */
export async function insertBasePlan(db: Executor, businessUuid: string) {
  const name = sql.join(
    locales.map((locale) => sql`when ${locale} then ${basePlanNames[locale]}`),
    sql` `,
  );
  await db.execute(sql`
    insert into rate_plans (business_uuid, name, code)
    select b.uuid, case u.language ${name} else ${basePlanNames.pt} end, ${basePlanCode}
    from businesses b join users u on u.uuid = b.owner_uuid
    where b.uuid = ${businessUuid}`);
}
