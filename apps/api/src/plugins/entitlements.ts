import { planHas, type TPlanFeature, type TPlanId } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import type { FastifyRequest } from 'fastify';
import { assertFeature } from '../core/plans';
import { reachBusiness, type BusinessRow } from '../core/tenancy';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { zonedDate } from '../lib/zoned-time';
import { requireAuth } from './auth';

/**
 * Entitlements (docs/plans.md): what each gated call needs of the caller's plan, declared on the
 * route as `preHandler: requirePlan(db, gates.…)`. A gate reads the validated request and refuses
 * through `assertFeature` / `assertLimit` (403 `plan_required`); a call it lets through is the
 * route's as before.
 */
export interface GateContext {
  plan: TPlanId;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /**
   * The business and its today; each reads the business (once), so a gate asks only when the
   * plan lacks something.
   */
  business(): Promise<BusinessRow>;
  today(): Promise<string>;
}
export type Gate = (ctx: GateContext) => void | Promise<void>;

const feature =
  (name: TPlanFeature): Gate =>
  ({ plan }) =>
    assertFeature(plan, name);

/** Nights the dashboard reads on every plan: today and the 30 after it. */
export const FREE_NIGHTS_AHEAD = 30;

/**
 * Nights outside today … today + 30 are the Pro views': before today is the occupancy history,
 * further ahead the heat map's year. A call naming no nights (the dashboard's pickup) is free.
 * Looking from a day before today (`asOf`, whose default nights follow it) is history too,
 * whatever nights it names.
 */
const nightsWindow: Gate = async ({ plan, query, today }) => {
  if (planHas(plan, 'occupancyHistory') && planHas(plan, 'heatMap')) return;
  const from = query.from as string | undefined;
  const to = query.to as string | undefined;
  const asOf = query.asOf as string | undefined;
  if (from === undefined && to === undefined && asOf === undefined) return;
  const first = await today();
  if (asOf !== undefined && asOf < first) assertFeature(plan, 'occupancyHistory', 'asOf');
  if (from === undefined && to === undefined) return;
  if ((to ?? from)! > addDays(first, FREE_NIGHTS_AHEAD)) assertFeature(plan, 'heatMap', 'to');
  if ((from ?? to)! < first) assertFeature(plan, 'occupancyHistory', 'from');
};

/**
 * The gates several modules share, by the call they guard (the table of docs/plans.md). The plan's
 * rules of a tariff configuration live with it in businesses (`plan-gates.ts`: room types, tariff
 * settings), and the prices module's preview of a change uses them too.
 */
export const gates = {
  sales: feature('salesAnalytics'),
  pace: feature('businessIntelligence'),
  forecast: feature('forecast'),
  nightsWindow,
  createToken: feature('integrationTokens'),
  market: feature('market'),
} satisfies Record<string, Gate>;

const isPlanRefusal = (err: unknown) => err instanceof AppError && err.code === 'plan_required';

export interface RequirePlanOptions {
  /** What "now" is, for the business's today; the app's clock (`app.clock`) when absent. */
  clock?: () => Date;
}

/**
 * A `preHandler` that runs `gate` on the caller's plan (carried by the request since sign-in: no
 * query when the plan has what is asked), or, for a team member, on the property owner's. It runs after authentication and validation; on a
 * refusal, a business the caller does not reach still answers 404, so the plan never tells
 * another tenant's business from a missing one.
 */
export function requirePlan(db: Db, gate: Gate, options: RequirePlanOptions = {}) {
  return async (request: FastifyRequest) => {
    const clock = options.clock ?? request.server.clock;
    const auth = requireAuth(request);
    const businessUuid = (request.params as { uuid?: string }).uuid;
    let business: Promise<BusinessRow> | undefined;
    const reach = () => (business ??= reachBusiness(db, auth, businessUuid!));
    // A team member works on the owner's property, on the owner's plan.
    const member = auth.user.memberships?.find((m) => m.businessUuid === businessUuid);
    try {
      await gate({
        plan: member?.plan ?? auth.user.plan,
        query: (request.query ?? {}) as Record<string, unknown>,
        body: (request.body ?? {}) as Record<string, unknown>,
        business: reach,
        today: async () => zonedDate(clock(), (await reach()).timezone),
      });
    } catch (err) {
      if (businessUuid !== undefined && isPlanRefusal(err)) await reach();
      throw err;
    }
  };
}
