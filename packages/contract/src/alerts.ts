import { z } from 'zod';
import { ZIsoDateTime } from './internal';

/**
 * Alerts (docs/digest-and-alerts.md): what Tarifa noticed in a property that needs its owner, written as one
 * notification summary per kind and property (`alert_<kind>`, group key
 * `alert_<kind>:<businessUuid>`), settled once the condition is over. Each kind can be switched
 * off per property (`GET`/`PUT /api/v1/businesses/{uuid}/alerts/settings`).
 */
export const alertKinds = [
  /** A channel connection or the webhook failing for more than 15 minutes (urgent). */
  'connection_failing',
  /** Nights sold out more than `soldOutDays` days ahead: priced too low? */
  'sold_out_early',
  /** A room type's price held at its minimum or maximum for 7+ of the next 30 nights. */
  'price_at_bound',
  /** The next 30 nights more than 15 % behind last year's room nights at the same lead time. */
  'pace_behind',
  /** An event or holiday in the next 60 nights without a season or an event rule. */
  'event_uncovered',
  /** The forecast's error of the last 30 nights much above its usual. */
  'forecast_error',
] as const;
export type TAlertKind = (typeof alertKinds)[number];

export const alertLimits = { soldOutDaysMin: 7, soldOutDaysMax: 365, soldOutDaysDefault: 30 };

/** The kinds switched on (every one by default) and N of `sold_out_early`. */
export const ZAlertSettingsBody = z.object({
  kinds: z.object(
    Object.fromEntries(alertKinds.map((kind) => [kind, z.boolean()])) as Record<
      TAlertKind,
      z.ZodBoolean
    >,
  ),
  soldOutDays: z.number().int().min(alertLimits.soldOutDaysMin).max(alertLimits.soldOutDaysMax),
  /** The version read (0 when never saved): another save since is a 409 `version_conflict`. */
  version: z.number().int().nonnegative(),
});
export type TAlertSettingsBody = z.input<typeof ZAlertSettingsBody>;

/** `GET`/`PUT …/alerts/settings`: as saved (the defaults, version 0, before the first save). */
export const ZAlertSettings = ZAlertSettingsBody.extend({ updatedAt: ZIsoDateTime.nullable() });
export type TAlertSettings = z.infer<typeof ZAlertSettings>;

export const defaultAlertSettings: TAlertSettings = {
  kinds: Object.fromEntries(alertKinds.map((kind) => [kind, true])) as Record<TAlertKind, boolean>,
  soldOutDays: alertLimits.soldOutDaysDefault,
  version: 0,
  updatedAt: null,
};
