import { z } from 'zod';
import { bookingLimits, ZBooking } from './bookings';
import { issue, ZIsoDateTime } from './internal';

/**
 * Guests' personal data (docs/privacy.md): how long a property keeps its guests' names after
 * their stay, whether it keeps them at all, and a guest's data exported or erased on request.
 * `…` below is `/api/v1/businesses/{uuid}/privacy`; a person's calls (no integration token).
 */

/** The retention periods an owner may choose, in months after the departure. */
export const guestRetentionMonths = [6, 12, 24, 36, 60] as const;
export type TGuestRetentionMonths = (typeof guestRetentionMonths)[number];

/** A property's settings before its owner saves them. */
export const guestPrivacyDefaults = {
  retentionMonths: 24 as TGuestRetentionMonths,
  keepGuestNames: true,
};

/** `PUT …/privacy/settings`. */
export const ZGuestPrivacySettingsBody = z.object({
  /** Months after a stay's departure until its guest's name is erased. */
  retentionMonths: z.literal(guestRetentionMonths),
  /** Off: bookings written from now on (imports, integrations, the app) keep no guest name. */
  keepGuestNames: z.boolean(),
  /** The version read (0 when never saved): another save since is a 409 `version_conflict`. */
  version: z.number().int().nonnegative(),
});
export type TGuestPrivacySettingsBody = z.input<typeof ZGuestPrivacySettingsBody>;

/** `GET`/`PUT …/privacy/settings`: as saved (the defaults, version 0, before the first save). */
export const ZGuestPrivacySettings = ZGuestPrivacySettingsBody.extend({
  updatedAt: ZIsoDateTime.nullable(),
});
export type TGuestPrivacySettings = z.infer<typeof ZGuestPrivacySettings>;

export const defaultGuestPrivacySettings: TGuestPrivacySettings = {
  ...guestPrivacyDefaults,
  version: 0,
  updatedAt: null,
};

/**
 * A guest, as an access or erasure request names them: by name (the same name, case and spaces at
 * either end aside) or by a booking's external id (the reference of the system it came from).
 * Exactly one of the two (`name_or_external_id`, on `name` when neither is given, on
 * `externalId` when both are).
 */
export const ZGuestKey = z
  .object({
    name: z.string().trim().min(1).max(bookingLimits.guestNameMax).optional(),
    externalId: z.string().trim().min(1).max(bookingLimits.externalIdMax).optional(),
  })
  .strict()
  .superRefine((key, ctx) => {
    if (key.name === undefined && key.externalId === undefined) {
      issue(
        ctx,
        ['name'],
        'name_or_external_id',
        'Give the guest’s name or a booking’s externalId',
      );
    } else if (key.name !== undefined && key.externalId !== undefined) {
      issue(
        ctx,
        ['externalId'],
        'name_or_external_id',
        'Give the name or the externalId, not both',
      );
    }
  })
  .meta({ example: { name: 'Maria Silva' } });
export type TGuestKey = z.input<typeof ZGuestKey>;

/**
 * `POST …/privacy/guest-data`: what the property holds about a guest, for an access request —
 * every matching booking as the bookings' calls answer it. `bookings` empty: nothing matches.
 */
export const ZGuestDataExport = z.object({
  property: z.object({ uuid: z.uuid(), name: z.string() }),
  guest: z.object({ name: z.string().optional(), externalId: z.string().optional() }),
  exportedAt: ZIsoDateTime,
  bookings: z.array(ZBooking),
});
export type TGuestDataExport = z.infer<typeof ZGuestDataExport>;

/** `POST …/privacy/guest-data/erase`: how many bookings lost their guest's name. */
export const ZGuestErasure = z.object({ erased: z.number().int() });
export type TGuestErasure = z.infer<typeof ZGuestErasure>;
