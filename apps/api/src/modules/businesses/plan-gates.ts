import { planHas, type TConfigurationChange, type TTariffSettings } from '@tarifa/contract';
import { assertFeature, assertLimit } from '../../core/plans';
import type { Gate, GateContext } from '../../plugins/entitlements';
import { toSettings } from './mapping';

/**
 * The plan's rules of a tariff configuration, one place whatever the call: the real change
 * (`PUT …/settings`, `POST …/rooms-tariff`) and its preview (`POST …/prices/preview`) refuse the
 * same things, each naming the field where the call carries it.
 */

type AskedSettings = Partial<Pick<TTariffSettings, 'autoApprove' | 'occupancyBasis'>> & {
  market?: { enabled?: boolean };
};

/**
 * Settings that switch a Pro feature on. Switching it off, leaving it out, or sending it as it is
 * stored (the settings form sends them all, after a downgrade too) is free.
 */
async function assertSettingsWithinPlan(
  plan: GateContext['plan'],
  asked: AskedSettings,
  stored: () => Promise<TTariffSettings>,
  path: string,
): Promise<void> {
  if (!planHas(plan, 'autoApprove') && asked.autoApprove === true) {
    if ((await stored()).autoApprove !== true) {
      assertFeature(plan, 'autoApprove', `${path}.autoApprove`);
    }
  }
  if (!planHas(plan, 'forecast') && asked.occupancyBasis === 'forecast') {
    if ((await stored()).occupancyBasis !== 'forecast') {
      assertFeature(plan, 'forecast', `${path}.occupancyBasis`);
    }
  }
  if (!planHas(plan, 'market') && asked.market?.enabled === true) {
    if (!(await stored()).market.enabled) assertFeature(plan, 'market', `${path}.market.enabled`);
  }
}

const storedSettings = (business: GateContext['business']) => async () =>
  toSettings((await business()).settings);

/** `PUT …/settings`: switching a Pro feature on needs the plan that has it. */
export const tariffSettingsGate: Gate = ({ plan, body, business }) =>
  assertSettingsWithinPlan(
    plan,
    body.settings as AskedSettings,
    storedSettings(business),
    'settings',
  );

/** `POST …/rooms-tariff`: more room types than the plan allows answer 403 on `roomsTariff`. */
export const roomTypesGate: Gate = ({ plan, body }) =>
  assertLimit(plan, 'roomTypes', (body.roomsTariff as unknown[]).length, 'roomsTariff');

/**
 * `POST …/prices/preview`: a change is previewed only when the plan would let it be saved — more
 * room types than allowed, or a setting that switches on the forecast, the market or automatic
 * approval, answer the 403 the real call answers (at `change.…`).
 */
export const previewChangeGate: Gate = async ({ plan, body, business }) => {
  const change = body.change as TConfigurationChange;
  if (change.kind === 'roomsTariff') {
    assertLimit(plan, 'roomTypes', change.roomsTariff.length, 'change.roomsTariff');
  } else if (change.kind === 'settings') {
    await assertSettingsWithinPlan(
      plan,
      change.settings as AskedSettings,
      storedSettings(business),
      'change.settings',
    );
  }
};
