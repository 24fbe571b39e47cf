import { hasAtMostTwoDecimals } from '@tarifa/pricing';
import { z } from 'zod';
import { emailSchema } from './auth';

/**
 * Businesses (properties) and their tariff configuration (DESIGN.md §2, docs/properties.md).
 *
 * Shape rules live here so the web forms and the API apply the same ones; the rules that need the
 * database (room uuids of this business, a stale `version`) are checked by the API and reported
 * with the same `details` shape. Custom rules are zod `custom` issues with `params: { code }`; the
 * codes are listed in docs/properties.md and translated by the web app (`validation.<code>`).
 */

// ---------------------------------------------------------------------------------------------
// Limits and vocabularies
// ---------------------------------------------------------------------------------------------

export const businessLimits = {
  nameMax: 120,
  /** Rooms of one room type. */
  roomsMin: 1,
  roomsMax: 10_000,
  /** The highest price or amount accepted, in the business currency. */
  moneyMax: 1_000_000,
  /** Percent adjustments (weekday, lead time, fluctuation, sazonality, derived rooms). */
  adjustmentMin: -90,
  adjustmentMax: 500,
  roomTypesMax: 200,
  roomCodeMax: 20,
  levelsMax: 50,
  leadTimeRulesMax: 50,
  leadTimeDaysMax: 730,
  priorityMax: 1000,
  /** A sazonality covers at most two years of nights (end before start + 2 years). */
  sazonalityMaxYears: 2,
  /** A deleted business can be restored for this many days. */
  restoreDays: 30,
  auditPageSizeMax: 100,
} as const;

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

export const derivedTypes = ['percent', 'amount'] as const;
export type DerivedType = (typeof derivedTypes)[number];

export const sazonalityAdjustmentTypes = ['percent', 'amount', 'price'] as const;
export type SazonalityAdjustmentType = (typeof sazonalityAdjustmentTypes)[number];

export const roundingModes = ['none', 'integer', 'ending'] as const;
export type RoundingMode = (typeof roundingModes)[number];

export const occupancyBases = ['on_the_books', 'forecast'] as const;
export type OccupancyBasis = (typeof occupancyBases)[number];

export const businessDefaults = {
  currency: 'EUR',
  timezone: 'Europe/Lisbon',
  checkInTime: '15:00',
  checkOutTime: '11:00',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

function custom(code: string, extra: Record<string, string | number | boolean> = {}) {
  return { params: { code, ...extra } };
}

/** True when the number has at most 2 decimals (money and percentages travel like that). */
export { hasAtMostTwoDecimals };

const twoDecimals = <T extends z.ZodType<number>>(schema: T) =>
  schema.refine(hasAtMostTwoDecimals, {
    message: 'Use at most 2 decimals',
    ...custom('too_many_decimals', { maximum: 2 }),
  });

/** A price or amount in the business currency: a decimal number with at most 2 decimals. */
export const moneySchema = twoDecimals(
  z.number().min(-businessLimits.moneyMax).max(businessLimits.moneyMax),
);
/** A price: more than 0. */
export const priceSchema = twoDecimals(
  z
    .number()
    .max(businessLimits.moneyMax)
    .refine((v) => v > 0, { message: 'Must be more than 0', ...custom('not_positive') }),
);
/** A percent adjustment, −90 … +500, at most 2 decimals (−10 means 10 % off). */
export const adjustmentPercentSchema = twoDecimals(
  z.number().min(businessLimits.adjustmentMin).max(businessLimits.adjustmentMax),
);

export const businessNameSchema = z.string().trim().min(1).max(businessLimits.nameMax);

let currencies: Set<string> | undefined;
/** ISO 4217 codes the runtime knows (`Intl.supportedValuesOf('currency')`). */
export function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrency, { message: 'Not an ISO 4217 currency code', ...custom('invalid_currency') });

let timeZones: Set<string> | undefined;
/** IANA time zones the runtime knows (`Intl.supportedValuesOf('timeZone')`), plus `UTC`. */
export function isTimeZone(zone: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(zone);
}
export const timezoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, { message: 'Not an IANA time zone', ...custom('invalid_timezone') });

let regionNames: Intl.DisplayNames | undefined;
/** ISO 3166-1 alpha-2 country code (upper case), e.g. `PT`. */
export function isCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code) !== undefined;
}
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountry, { message: 'Not an ISO 3166-1 country code', ...custom('invalid_country') });

/** `HH:MM`, 24-hour clock. */
export const timeOfDaySchema = z
  .string()
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
    message: 'Use HH:MM',
    ...custom('invalid_format', { format: 'time' }),
  });

/** A calendar date `YYYY-MM-DD` (a real one: 2023-02-29 is refused). */
export const dateSchema = z.iso.date();

/** `#rrggbb`, stored and answered in lower case. */
export const colorSchema = z
  .string()
  .trim()
  .refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), {
    message: 'Use #rrggbb',
    ...custom('invalid_format', { format: 'color' }),
  })
  .transform((v) => v.toLowerCase());

/** Room codes: 1–20 letters, digits, `-`, `_` or `.`; stored and compared in upper case. */
export const roomCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(businessLimits.roomCodeMax)
  .refine((v) => /^[A-Za-z0-9._-]*$/.test(v), {
    message: 'Use letters, digits, - _ or .',
    ...custom('invalid_format', { format: 'room_code' }),
  })
  .transform((v) => v.toUpperCase());

/** A list without repeated values; a repeat is reported at its own index as `duplicate`. */
function uniqueList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .superRefine((list, ctx) => {
      const seen = new Set<unknown>();
      list.forEach((value, index) => {
        if (seen.has(value)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: 'Listed twice',
            params: { code: 'duplicate' },
          });
        }
        seen.add(value);
      });
    });
}

/** Room types a rule covers; empty means all of the business's room types. */
export const roomUuidsSchema = uniqueList(z.uuid(), businessLimits.roomTypesMax);
export const weekdayListSchema = uniqueList(z.enum(weekdays), 7);

const isoDateTime = z.iso.datetime({ offset: true });
/** `version` as sent back by clients: the business's version they last read. */
export const versionSchema = z.number().int().min(1);

// ---------------------------------------------------------------------------------------------
// Rooms tariff (room types)
// ---------------------------------------------------------------------------------------------

export const derivedFromSchema = z.object({
  roomUuid: z.uuid(),
  type: z.enum(derivedTypes),
  /** Percent (−90 … +500) when `type` is `percent`, an amount in the currency when `amount`. */
  value: z.number(),
});
export type DerivedFrom = z.infer<typeof derivedFromSchema>;

export const roomTariffSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  code: z.string(),
  rooms: z.number().int(),
  basePrice: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
  derivedFrom: derivedFromSchema.nullable(),
});
export type RoomTariff = z.infer<typeof roomTariffSchema>;

/**
 * The parent of a derived room type: an existing room by `roomUuid`, or a room created in the same
 * request by its `roomCode` (exactly one of the two).
 */
export const derivedFromInputSchema = z
  .object({
    roomUuid: z.uuid().optional(),
    roomCode: roomCodeSchema.optional(),
    type: z.enum(derivedTypes),
    value: z.number(),
  })
  .superRefine((d, ctx) => {
    if ((d.roomUuid === undefined) === (d.roomCode === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['roomUuid'],
        message: 'Give the parent room type by roomUuid or by roomCode',
        params: { code: 'required' },
      });
    }
    const value =
      d.type === 'percent'
        ? adjustmentPercentSchema.safeParse(d.value)
        : moneySchema.safeParse(d.value);
    if (!value.success) {
      for (const issue of value.error.issues) ctx.addIssue({ ...issue, path: ['value'] } as never);
    }
  });
export type DerivedFromInput = z.input<typeof derivedFromInputSchema>;

/** One room type as a form edits it; `uuid` present for an existing room type. */
export const roomTariffInputSchema = z
  .object({
    uuid: z.uuid().optional(),
    name: businessNameSchema,
    code: roomCodeSchema,
    rooms: z.number().int().min(businessLimits.roomsMin).max(businessLimits.roomsMax),
    basePrice: priceSchema,
    minPrice: priceSchema,
    maxPrice: priceSchema,
    derivedFrom: derivedFromInputSchema.nullish(),
  })
  .superRefine((room, ctx) => {
    if (room.minPrice > room.basePrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPrice'],
        message: 'The minimum price cannot be above the base price',
        params: { code: 'min_above_base' },
      });
    }
    if (room.basePrice > room.maxPrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'The maximum price cannot be below the base price',
        params: { code: 'max_below_base' },
      });
    }
  });
export type RoomTariffInput = z.input<typeof roomTariffInputSchema>;

/**
 * `POST …/tariff-configuration/rooms-tariff`: the full list. Items with a `uuid` are updated, items
 * without are created, stored room types missing from the list are removed; the order of the list
 * is the order answered. Cross-item rules (unique codes, derived rooms pointing to another,
 * non-derived room of the list) are checked here; the API adds that every `uuid` is one of this
 * business's room types.
 */
export const roomsTariffBodySchema = z.object({
  roomsTariff: z
    .array(roomTariffInputSchema)
    .max(businessLimits.roomTypesMax)
    .superRefine((rooms, ctx) => {
      const byCode = new Map<string, number>();
      const byUuid = new Map<string, number>();
      rooms.forEach((room, i) => {
        if (byCode.has(room.code)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'code'],
            message: 'Another room type has this code',
            params: { code: 'code_taken' },
          });
        } else byCode.set(room.code, i);
        if (room.uuid !== undefined) {
          if (byUuid.has(room.uuid)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'uuid'],
              message: 'Listed twice',
              params: { code: 'duplicate' },
            });
          } else byUuid.set(room.uuid, i);
        }
      });
      rooms.forEach((room, i) => {
        const from = room.derivedFrom;
        if (!from) return;
        const key = from.roomUuid !== undefined ? 'roomUuid' : 'roomCode';
        const parentIndex =
          from.roomUuid !== undefined
            ? byUuid.get(from.roomUuid)
            : from.roomCode !== undefined
              ? byCode.get(from.roomCode)
              : undefined;
        const path = [i, 'derivedFrom', key];
        if (parentIndex === undefined) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'No such room type in the list',
            params: { code: 'unknown_room' },
          });
        } else if (parentIndex === i) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'A room type cannot derive from itself',
            params: { code: 'derived_from_self' },
          });
        } else if (rooms[parentIndex]?.derivedFrom) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'A room type can only derive from a room type that is not derived',
            params: { code: 'derived_from_derived' },
          });
        }
      });
    }),
  version: versionSchema.optional(),
});
export type RoomsTariffBody = z.input<typeof roomsTariffBodySchema>;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const weekdayAdjustmentsSchema = z.object({
  mon: adjustmentPercentSchema,
  tue: adjustmentPercentSchema,
  wed: adjustmentPercentSchema,
  thu: adjustmentPercentSchema,
  fri: adjustmentPercentSchema,
  sat: adjustmentPercentSchema,
  sun: adjustmentPercentSchema,
});
export type WeekdayAdjustments = z.infer<typeof weekdayAdjustmentsSchema>;

/** Days until the night, both ends included: `{fromDays: 0, toDays: 2}` is today … in 2 days. */
export const leadTimeRuleSchema = z
  .object({
    fromDays: z.number().int().min(0).max(businessLimits.leadTimeDaysMax),
    toDays: z.number().int().min(0).max(businessLimits.leadTimeDaysMax),
    adjustmentPercent: adjustmentPercentSchema,
  })
  .superRefine((rule, ctx) => {
    if (rule.toDays < rule.fromDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['toDays'],
        message: 'Must not be before fromDays',
        params: { code: 'range_reversed' },
      });
    }
  });
export type LeadTimeRule = z.infer<typeof leadTimeRuleSchema>;

export const leadTimeRulesSchema = z
  .array(leadTimeRuleSchema)
  .max(businessLimits.leadTimeRulesMax)
  .superRefine((rules, ctx) => {
    rules.forEach((rule, i) => {
      if (rule.toDays < rule.fromDays) return;
      const clash = rules.findIndex(
        (other, j) =>
          j < i &&
          other.fromDays <= other.toDays &&
          other.fromDays <= rule.toDays &&
          rule.fromDays <= other.toDays,
      );
      if (clash >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fromDays'],
          message: 'Overlaps another lead-time rule',
          params: { code: 'overlapping_range', other: clash },
        });
      }
    });
  });

/**
 * `none`: prices keep their cents. `integer`: to the nearest whole amount. `ending`: to the nearest
 * price whose remainder modulo 10 is `ending` (0 ≤ ending < 10, e.g. 9 → …79, 89, 99; 9.9 → …89.9).
 * Rounding never leaves [minPrice, maxPrice] (DESIGN.md §3 step 6).
 */
export const roundingSchema = z
  .object({
    mode: z.enum(roundingModes),
    ending: twoDecimals(z.number().min(0).lt(10)).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.mode === 'ending' && r.ending === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ending'],
        message: 'Required when rounding to an ending',
        params: { code: 'required' },
      });
    }
  })
  .transform((r) => (r.mode === 'ending' ? r : { mode: r.mode }));
export type Rounding = z.output<typeof roundingSchema>;

export const tariffSettingsSchema = z.object({
  weekdayAdjustments: weekdayAdjustmentsSchema,
  leadTimeRules: leadTimeRulesSchema,
  rounding: roundingSchema,
  autoApprove: z.boolean(),
  occupancyBasis: z.enum(occupancyBases),
});
export type TariffSettings = z.output<typeof tariffSettingsSchema>;

export const defaultTariffSettings: TariffSettings = {
  weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
  leadTimeRules: [],
  rounding: { mode: 'none' },
  autoApprove: false,
  occupancyBasis: 'on_the_books',
};

/**
 * `PUT …/tariff-configuration/settings`: `{settings}`; each top-level key may be left out (kept as
 * stored), a key that is sent is replaced whole.
 */
export const settingsBodySchema = z.object({
  settings: tariffSettingsSchema.partial(),
  version: versionSchema.optional(),
});
export type SettingsBody = z.input<typeof settingsBodySchema>;

// ---------------------------------------------------------------------------------------------
// Fluctuation-level groups
// ---------------------------------------------------------------------------------------------

export const fluctuationStepSchema = z.object({
  /** Occupancy threshold in percent, 0–100 (at most 2 decimals). */
  occupancyFrom: twoDecimals(z.number().min(0).max(100)),
  adjustmentPercent: adjustmentPercentSchema,
});
export type FluctuationStep = z.infer<typeof fluctuationStepSchema>;

/** Thresholds ascending and unique, the first at 0, so every occupancy falls in one step. */
export const fluctuationStepsSchema = z
  .array(fluctuationStepSchema)
  .min(1)
  .max(businessLimits.levelsMax)
  .superRefine((levels, ctx) => {
    levels.forEach((level, i) => {
      if (i === 0) {
        if (level.occupancyFrom !== 0) {
          ctx.addIssue({
            code: 'custom',
            path: [0, 'occupancyFrom'],
            message: 'The first level starts at 0 %',
            params: { code: 'first_level_not_zero' },
          });
        }
        return;
      }
      const previous = levels[i - 1]!.occupancyFrom;
      if (level.occupancyFrom === previous) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'occupancyFrom'],
          message: 'Another level has this threshold',
          params: { code: 'duplicate' },
        });
      } else if (level.occupancyFrom < previous) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'occupancyFrom'],
          message: 'Thresholds must go up',
          params: { code: 'not_ascending' },
        });
      }
    });
  });

export const fluctuationLevelInputSchema = z.object({
  name: businessNameSchema,
  roomUuids: roomUuidsSchema.default([]),
  levels: fluctuationStepsSchema,
});
export type FluctuationLevelInput = z.input<typeof fluctuationLevelInputSchema>;

/** `POST` and `PUT …/tariff-configuration/fluctuation-levels[/{groupUuid}]`. */
export const fluctuationLevelBodySchema = z.object({
  fluctuationLevel: fluctuationLevelInputSchema,
  version: versionSchema.optional(),
});
export type FluctuationLevelBody = z.input<typeof fluctuationLevelBodySchema>;

export const fluctuationLevelGroupSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  roomUuids: z.array(z.uuid()),
  levels: z.array(z.object({ occupancyFrom: z.number(), adjustmentPercent: z.number() })),
});
export type FluctuationLevelGroup = z.infer<typeof fluctuationLevelGroupSchema>;

// ---------------------------------------------------------------------------------------------
// Sazonalities (seasons)
// ---------------------------------------------------------------------------------------------

/** The date `years` calendar years after `date` (29 Feb → 28 Feb), as `YYYY-MM-DD`. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCDate() !== d) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/**
 * `value` is a percent (−90 … +500) for `percent`, an amount added (may be negative) for
 * `amount`, and the price that replaces the base price (more than 0) for `price`. Both dates are
 * nights included; `weekdays` and `roomUuids` empty mean all.
 */
export const sazonalityInputSchema = z
  .object({
    name: businessNameSchema,
    color: colorSchema,
    startDate: dateSchema,
    endDate: dateSchema,
    weekdays: weekdayListSchema.default([]),
    roomUuids: roomUuidsSchema.default([]),
    adjustmentType: z.enum(sazonalityAdjustmentTypes),
    value: z.number(),
    priority: z.number().int().min(0).max(businessLimits.priorityMax).default(0),
  })
  .superRefine((s, ctx) => {
    if (s.endDate < s.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end is before the start',
        params: { code: 'range_reversed' },
      });
    } else if (s.endDate >= addYears(s.startDate, businessLimits.sazonalityMaxYears)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'A season spans at most 2 years',
        params: { code: 'range_too_long', maximum: businessLimits.sazonalityMaxYears },
      });
    }
    const value =
      s.adjustmentType === 'percent'
        ? adjustmentPercentSchema.safeParse(s.value)
        : s.adjustmentType === 'price'
          ? priceSchema.safeParse(s.value)
          : moneySchema.safeParse(s.value);
    if (!value.success) {
      for (const issue of value.error.issues) ctx.addIssue({ ...issue, path: ['value'] } as never);
    }
  });
export type SazonalityInput = z.input<typeof sazonalityInputSchema>;

/** `POST` and `PUT …/tariff-configuration/sazonalities[/{id}]`. */
export const sazonalityBodySchema = z.object({
  sazonality: sazonalityInputSchema,
  version: versionSchema.optional(),
});
export type SazonalityBody = z.input<typeof sazonalityBodySchema>;

export const sazonalitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  weekdays: z.array(z.enum(weekdays)),
  roomUuids: z.array(z.uuid()),
  adjustmentType: z.enum(sazonalityAdjustmentTypes),
  value: z.number(),
  priority: z.number().int(),
});
export type Sazonality = z.infer<typeof sazonalitySchema>;

// ---------------------------------------------------------------------------------------------
// Business
// ---------------------------------------------------------------------------------------------

export const tariffConfigurationSchema = z.object({
  /** In the order last saved. */
  roomsTariff: z.array(roomTariffSchema),
  settings: z.object({
    weekdayAdjustments: weekdayAdjustmentsSchema,
    leadTimeRules: z.array(
      z.object({ fromDays: z.number(), toDays: z.number(), adjustmentPercent: z.number() }),
    ),
    rounding: z.object({ mode: z.enum(roundingModes), ending: z.number().optional() }),
    autoApprove: z.boolean(),
    occupancyBasis: z.enum(occupancyBases),
  }),
  /** Oldest first. */
  fluctuationLevels: z.array(fluctuationLevelGroupSchema),
  /** By start date, then name. */
  sazonalities: z.array(sazonalitySchema),
});
export type TariffConfiguration = z.infer<typeof tariffConfigurationSchema>;

/** Gallery photos of a business: PNG, JPEG or WebP (recognised by content), up to 5 MB, 20 each. */
export const businessPhotoRules = {
  maxBytes: 5 * 1024 * 1024,
  maxPerBusiness: 20,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

export const businessPhotoSchema = z.object({
  id: z.uuid(),
  /** Where the image is served (public: the name is unguessable), e.g. for an <img src>. */
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: isoDateTime,
});
export type BusinessPhoto = z.infer<typeof businessPhotoSchema>;

export const businessSchema = z.object({
  uuid: z.uuid(),
  /** The user who owns it (the CASL condition of `manage Business`). */
  ownerUuid: z.uuid(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  /** Incremented by every change to the business or its tariff configuration. */
  version: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Set on a deleted business (listed by `GET /api/v1/businesses/deleted` until restored). */
  deletedAt: isoDateTime.nullable(),
  /** Gallery, oldest first (`POST …/{uuid}/photos`, `DELETE …/{uuid}/photos/{id}`). */
  photos: z.array(businessPhotoSchema),
  tariffConfiguration: tariffConfigurationSchema,
});
export type Business = z.infer<typeof businessSchema>;

/** Optional text: absent keeps the stored value on update, `null` or `""` clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** An optional field with a format: absent keeps, `null` or `""` clears, anything else must pass. */
const optionalWith = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    schema.nullish(),
  ) as unknown as z.ZodType<z.output<T> | null | undefined, z.input<T> | null | undefined>;

/**
 * The editable fields of a business. On create, absent fields take their defaults; on update,
 * absent fields keep their stored value. Read-only fields (uuid, ownerUuid, timestamps, deletedAt,
 * photos, tariffConfiguration) and unknown keys are ignored, so a client can send back what it received.
 */
export const businessFieldsSchema = z.object({
  name: businessNameSchema,
  currency: currencySchema.optional(),
  timezone: timezoneSchema.optional(),
  country: optionalWith(countrySchema),
  city: optionalText(120),
  address: optionalText(300),
  phone: optionalWith(
    z
      .string()
      .trim()
      .max(40)
      .refine((v) => /^\+?[0-9 ()./-]{3,40}$/.test(v), {
        message: 'Not a phone number',
        ...custom('invalid_format', { format: 'phone' }),
      }),
  ),
  email: optionalWith(emailSchema),
  website: optionalWith(
    z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain })),
  ),
  checkInTime: timeOfDaySchema.optional(),
  checkOutTime: timeOfDaySchema.optional(),
});

/** `POST /api/v1/businesses`: the business (answer 201 `{businesses}`, the whole list). */
export const createBusinessBodySchema = businessFieldsSchema;
export type CreateBusinessBody = z.input<typeof createBusinessBodySchema>;

/** `PUT /api/v1/businesses/{uuid}`: the business as the API returned it, with its `version`. */
export const updateBusinessBodySchema = businessFieldsSchema.partial().extend({
  version: versionSchema,
});
export type UpdateBusinessBody = z.input<typeof updateBusinessBodySchema>;

/** `DELETE /api/v1/businesses/{uuid}`: the business's name typed again (trimmed, exact). */
export const deleteBusinessBodySchema = z.object({
  confirmName: z.string().trim().min(1).max(businessLimits.nameMax),
});
export type DeleteBusinessBody = z.input<typeof deleteBusinessBodySchema>;

/**
 * `DELETE …/fluctuation-levels/{groupUuid}` and `…/sazonalities/{id}` take no body; the optional
 * `version` check travels in the query string.
 */
export const versionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).optional(),
});

export const businessEnvelopeSchema = z.object({ business: businessSchema });
export const businessesEnvelopeSchema = z.object({ businesses: z.array(businessSchema) });
export const businessSazonalityEnvelopeSchema = z.object({
  business: businessSchema,
  sazonality: sazonalitySchema,
});
export type BusinessEnvelope = z.infer<typeof businessEnvelopeSchema>;
export type BusinessesEnvelope = z.infer<typeof businessesEnvelopeSchema>;
export type BusinessSazonalityEnvelope = z.infer<typeof businessSazonalityEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Audit trail
// ---------------------------------------------------------------------------------------------

export const auditActions = ['create', 'update', 'delete', 'restore'] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditEntities = [
  'business',
  'room_type',
  'settings',
  'fluctuation_group',
  'sazonality',
  'photo',
  'price_override',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(auditActions),
  entity: z.enum(auditEntities),
  /** The uuid of the room type, group or sazonality; the business's for `business`/`settings`. */
  entityId: z.uuid(),
  /** Name of the entity when it happened, to show without another call. */
  entityName: z.string().nullable(),
  /** Who did it; null if that account no longer exists. */
  actor: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** Changed fields in wire form: `{field: {before, after}}` (`before` null on create…). */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  createdAt: isoDateTime,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(businessLimits.auditPageSizeMax).default(20),
});
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
