import { hasAtMostTwoDecimals } from '@tarifa/pricing';
import { z } from 'zod';
import { ZEmail } from './auth';
import { custom, forwardIssues, int, issue, queryInt, ZIsoDateTime } from './internal';

/**
 * Businesses (a "property" in the interface) and their tariff configuration: room types, settings,
 * fluctuation-level groups and sazonalities (docs/properties.md, docs/glossary.md).
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
  /** Nights ahead that prices are recomputed and changes proposed for (`settings.horizonDays`). */
  horizonDaysMin: 30,
  horizonDaysMax: 730,
  /**
   * A manual price this many percent or more away from the recommendation asks for confirmation
   * (`settings.manualPriceWarnPercent`; 0: never for the distance, the bounds are always checked).
   */
  manualPriceWarnPercentMax: 500,
  /** Stay restrictions, in nights. */
  minStayMax: 30,
  maxStayMax: 365,
  /** A holiday rule adjusts up to this many nights before and after a holiday. */
  holidayNightsAroundMax: 7,
  /** The market step's band and the age of the rates it reads. */
  marketBandMax: 100,
  marketCompetitorsMax: 20,
  marketMaxAgeDaysMax: 90,
  /** The orphan discount, in percent off. */
  orphanDiscountMax: 90,
  /** Guests a room type takes (its standard occupancy and its maximum). */
  guestsMax: 20,
  /** A guest above or below the standard occupancy moves the price by at most this percent. */
  guestPercentMax: 100,
  /** Length-of-stay rules: how many, and the longest stay one may start at. */
  lengthOfStayRulesMax: 10,
  lengthOfStayNightsMax: 365,
} as const;

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof weekdays)[number];

export const derivedTypes = ['percent', 'amount'] as const;
export type TDerivedType = (typeof derivedTypes)[number];

export const sazonalityAdjustmentTypes = ['percent', 'amount', 'price'] as const;
export type TSazonalityAdjustmentType = (typeof sazonalityAdjustmentTypes)[number];

export const roundingModes = ['none', 'integer', 'ending'] as const;
export type TRoundingMode = (typeof roundingModes)[number];

export const occupancyBases = ['on_the_books', 'forecast'] as const;

/** A room type's price is for the room at its standard occupancy, or for each guest. */
export const guestPricings = ['per_room', 'per_person'] as const;
export type TGuestPricing = (typeof guestPricings)[number];
export type TOccupancyBasis = (typeof occupancyBases)[number];

export const businessDefaults = {
  currency: 'EUR',
  timezone: 'Europe/Lisbon',
  checkInTime: '15:00',
  checkOutTime: '11:00',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** True when the number has at most 2 decimals (money and percentages travel like that). */
export { hasAtMostTwoDecimals };

/**
 * True for an amount the app can hold in minor units: at most 2 decimals, and not a sliver
 * (`5e-324`, `1e-10`) that the 2-decimal test's tolerance would let through: 0, or at least 0.01
 * away from 0.
 */
export function isMoneyAmount(amount: number): boolean {
  return hasAtMostTwoDecimals(amount) && (amount === 0 || Math.abs(amount) >= 0.01);
}

/** The one money rule of every amount, price and percentage the API takes. */
export const twoDecimals = <T extends z.ZodType<number>>(schema: T) =>
  schema.refine(isMoneyAmount, {
    message: 'Use at most 2 decimals',
    ...custom('too_many_decimals', { maximum: 2 }),
  });

/** A price or amount in the business currency: a decimal number with at most 2 decimals. */
export const ZMoney = twoDecimals(
  z.number().min(-businessLimits.moneyMax).max(businessLimits.moneyMax),
);
/** A price: more than 0. */
export const ZPrice = twoDecimals(
  z
    .number()
    .max(businessLimits.moneyMax)
    .refine((v) => v > 0, { message: 'Must be more than 0', ...custom('not_positive') }),
);
/** A percent adjustment, −90 … +500, at most 2 decimals (−10 means 10 % off). */
export const ZAdjustmentPercent = twoDecimals(
  z.number().min(businessLimits.adjustmentMin).max(businessLimits.adjustmentMax),
);

export const ZBusinessName = z.string().trim().min(1).max(businessLimits.nameMax);

let currencies: Set<string> | undefined;
/** ISO 4217 codes the runtime knows (`Intl.supportedValuesOf('currency')`). */
export function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}
export const ZCurrency = z
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
export const ZTimezone = z
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
export const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountry, { message: 'Not an ISO 3166-1 country code', ...custom('invalid_country') });

/** `HH:MM`, 24-hour clock. */
export const ZTimeOfDay = z
  .string()
  .trim()
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
    message: 'Use HH:MM',
    ...custom('invalid_format', { format: 'time' }),
  });

/**
 * The dates the app accepts, stays and seasons alike (docs/api-errors.md): far enough back for
 * any history, far enough ahead for any plan, and well inside what PostgreSQL and JavaScript
 * dates hold (year 0000 or 9999 with an offset is outside).
 */
export const dateLimits = { min: '1900-01-01', max: '2200-12-31' } as const;

/** True for `YYYY-MM-DD` within `dateLimits` (compared as text: the format sorts by date). */
export function isDateInRange(date: string): boolean {
  return date >= dateLimits.min && date <= dateLimits.max;
}

/**
 * A calendar date `YYYY-MM-DD` (a real one: 2023-02-29 is refused) between 1900-01-01 and
 * 2200-12-31 (`date_out_of_range` {minimum, maximum}).
 */
export const ZDate = z.iso.date().refine(isDateInRange, {
  message: `Use a date from ${dateLimits.min} to ${dateLimits.max}`,
  ...custom('date_out_of_range', { minimum: dateLimits.min, maximum: dateLimits.max }),
});

/** `#rrggbb`, stored and answered in lower case. */
export const ZColor = z
  .string()
  .trim()
  .refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), {
    message: 'Use #rrggbb',
    ...custom('invalid_format', { format: 'color' }),
  })
  .meta({ example: '#ff9900' })
  .transform((v) => v.toLowerCase());

/** Room codes: 1–20 letters, digits, `-`, `_` or `.`; stored and compared in upper case. */
export const ZRoomCode = z
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
          issue(ctx, [index], 'duplicate', 'Listed twice');
        }
        seen.add(value);
      });
    });
}

/** Room types a rule covers; empty means all of the business's room types. */
export const ZRoomUuids = uniqueList(z.uuid(), businessLimits.roomTypesMax);
export const ZWeekdayList = uniqueList(z.enum(weekdays), 7);

/** `version` as sent back by clients: the business's version they last read. */
export const ZVersion = int(1);

// ---------------------------------------------------------------------------------------------
// Guests and length of stay (docs/rate-plans.md)
// ---------------------------------------------------------------------------------------------

const notNegative = <T extends z.ZodNumber>(schema: T) =>
  schema.refine((v) => v >= 0, {
    message: 'Must be 0 or more',
    ...custom('too_small', { minimum: 0 }),
  });

/**
 * What one guest above (or below) a room type's standard occupancy adds (or takes away): a percent
 * of the price at standard occupancy (0 … 100) or an amount in the currency (0 or more).
 */
const ZGuestAdjustment = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(derivedTypes[0]),
    value: twoDecimals(notNegative(z.number().max(businessLimits.guestPercentMax))),
  }),
  z.object({
    type: z.literal(derivedTypes[1]),
    value: twoDecimals(notNegative(z.number().max(businessLimits.moneyMax))),
  }),
]);
export type TGuestAdjustment = z.output<typeof ZGuestAdjustment>;

/**
 * A room type's guests: the base price is the price at `standard` guests, and it sells for 1 to
 * `max`. Per room, each guest above the standard adds `extraGuest` and each guest below takes
 * `missingGuest` away (null: the property's, `settings.guests`); per person, the price is per
 * guest and the two are not used.
 */
export const ZRoomGuests = z
  .object({
    standard: int(1, businessLimits.guestsMax),
    max: int(1, businessLimits.guestsMax),
    pricing: z.enum(guestPricings),
    extraGuest: ZGuestAdjustment.nullable(),
    missingGuest: ZGuestAdjustment.nullable(),
  })
  .superRefine((guests, ctx) => {
    if (guests.max < guests.standard) {
      issue(ctx, ['max'], 'below_standard', 'Fewer than the standard occupancy', {
        minimum: guests.standard,
      });
    }
  });
export type TRoomGuests = z.output<typeof ZRoomGuests>;

/** A room type's guests when nothing else was said: two, priced per room, the property's changes. */
export const defaultRoomGuests: TRoomGuests = {
  standard: 2,
  max: 2,
  pricing: 'per_room',
  extraGuest: null,
  missingGuest: null,
};

/** The property's own changes per guest, used by every room type that has none of its own. */
export const ZGuestDefaults = z.object({
  extraGuest: ZGuestAdjustment,
  missingGuest: ZGuestAdjustment,
});
export type TGuestDefaults = z.output<typeof ZGuestDefaults>;

/**
 * Length of stay: a stay of at least `minNights` nights (2 … 365) pays each night `adjustment`
 * less — a percent (−90 … 0) or an amount (0 or less). Of the rules a stay reaches, the one giving
 * the lowest price applies.
 */
export const ZLengthOfStayRule = z.object({
  minNights: int(2, businessLimits.lengthOfStayNightsMax),
  adjustment: z.discriminatedUnion('type', [
    z.object({
      type: z.literal(derivedTypes[0]),
      value: twoDecimals(
        z
          .number()
          .min(businessLimits.adjustmentMin)
          .refine((v) => v <= 0, {
            message: 'Must be 0 or less',
            ...custom('too_big', { maximum: 0 }),
          }),
      ),
    }),
    z.object({
      type: z.literal(derivedTypes[1]),
      value: twoDecimals(
        z
          .number()
          .min(-businessLimits.moneyMax)
          .refine((v) => v <= 0, {
            message: 'Must be 0 or less',
            ...custom('too_big', { maximum: 0 }),
          }),
      ),
    }),
  ]),
});
export type TLengthOfStayRule = z.output<typeof ZLengthOfStayRule>;

const ZLengthOfStayRules = z
  .array(ZLengthOfStayRule)
  .max(businessLimits.lengthOfStayRulesMax)
  .superRefine((rules, ctx) => {
    const seen = new Set<number>();
    rules.forEach((rule, i) => {
      if (seen.has(rule.minNights)) {
        issue(ctx, [i, 'minNights'], 'duplicate', 'Another rule starts at this many nights');
      }
      seen.add(rule.minNights);
    });
  });

// ---------------------------------------------------------------------------------------------
// Rooms tariff (room types)
// ---------------------------------------------------------------------------------------------

export const ZDerivedFrom = z.object({
  roomUuid: z.uuid(),
  type: z.enum(derivedTypes),
  /** Percent (−90 … +500) when `type` is `percent`, an amount in the currency when `amount`. */
  value: z.number(),
});
export type TDerivedFrom = z.infer<typeof ZDerivedFrom>;

export const ZRoomTariff = z.object({
  uuid: z.uuid(),
  name: z.string(),
  code: z.string(),
  rooms: z.number().int(),
  basePrice: z.number(),
  minPrice: z.number(),
  maxPrice: z.number(),
  derivedFrom: ZDerivedFrom.nullable(),
  guests: ZRoomGuests,
});
export type TRoomTariff = z.infer<typeof ZRoomTariff>;

/**
 * The parent of a derived room type: an existing room by `roomUuid`, or a room created in the same
 * request by its `roomCode` (exactly one of the two).
 */
export const ZDerivedFromFields = z
  .object({
    roomUuid: z.uuid().optional(),
    roomCode: ZRoomCode.optional(),
    type: z.enum(derivedTypes),
    value: z.number(),
  })
  .superRefine((d, ctx) => {
    if ((d.roomUuid === undefined) === (d.roomCode === undefined)) {
      issue(ctx, ['roomUuid'], 'required', 'Give the parent room type by roomUuid or by roomCode');
    }
    const value =
      d.type === 'percent' ? ZAdjustmentPercent.safeParse(d.value) : ZMoney.safeParse(d.value);
    if (!value.success) forwardIssues(ctx, ['value'], value.error);
  });
export type TDerivedFromFields = z.input<typeof ZDerivedFromFields>;

/** One room type as a form edits it; `uuid` present for an existing room type. */
export const ZRoomTariffFields = z
  .object({
    uuid: z.uuid().optional(),
    name: ZBusinessName,
    code: ZRoomCode,
    rooms: int(businessLimits.roomsMin, businessLimits.roomsMax),
    basePrice: ZPrice,
    minPrice: ZPrice,
    maxPrice: ZPrice,
    derivedFrom: ZDerivedFromFields.nullish(),
    /** Left out: kept as stored (a new room type: `defaultRoomGuests`). */
    guests: ZRoomGuests.optional(),
  })
  .superRefine((room, ctx) => {
    if (room.minPrice > room.basePrice) {
      issue(
        ctx,
        ['minPrice'],
        'min_above_base',
        'The minimum price cannot be above the base price',
      );
    }
    if (room.basePrice > room.maxPrice) {
      issue(
        ctx,
        ['maxPrice'],
        'max_below_base',
        'The maximum price cannot be below the base price',
      );
    }
  });
export type TRoomTariffFields = z.input<typeof ZRoomTariffFields>;

/**
 * `POST …/tariff-configuration/rooms-tariff`: the full list. Items with a `uuid` are updated, items
 * without are created, stored room types missing from the list are removed; the order of the list
 * is the order answered. Cross-item rules (unique codes, derived rooms pointing to another,
 * non-derived room of the list) are checked here; the API adds that every `uuid` is one of this
 * business's room types.
 */
export const ZRoomsTariffBody = z.object({
  roomsTariff: z
    .array(ZRoomTariffFields)
    .max(businessLimits.roomTypesMax)
    .superRefine((rooms, ctx) => {
      const byCode = new Map<string, number>();
      const byUuid = new Map<string, number>();
      rooms.forEach((room, i) => {
        if (byCode.has(room.code)) {
          issue(ctx, [i, 'code'], 'code_taken', 'Another room type has this code');
        } else byCode.set(room.code, i);
        if (room.uuid !== undefined) {
          if (byUuid.has(room.uuid)) {
            issue(ctx, [i, 'uuid'], 'duplicate', 'Listed twice');
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
          issue(ctx, path, 'unknown_room', 'No such room type in the list');
        } else if (parentIndex === i) {
          issue(ctx, path, 'derived_from_self', 'A room type cannot derive from itself');
        } else if (rooms[parentIndex]?.derivedFrom) {
          issue(
            ctx,
            path,
            'derived_from_derived',
            'A room type can only derive from a room type that is not derived',
          );
        }
      });
    }),
  version: ZVersion.optional(),
});
export type TRoomsTariffBody = z.input<typeof ZRoomsTariffBody>;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const ZWeekdayAdjustments = z.object({
  mon: ZAdjustmentPercent,
  tue: ZAdjustmentPercent,
  wed: ZAdjustmentPercent,
  thu: ZAdjustmentPercent,
  fri: ZAdjustmentPercent,
  sat: ZAdjustmentPercent,
  sun: ZAdjustmentPercent,
});
export type TWeekdayAdjustments = z.infer<typeof ZWeekdayAdjustments>;

/** Days until the night, both ends included: `{fromDays: 0, toDays: 2}` is today … in 2 days. */
export const ZLeadTimeRule = z
  .object({
    fromDays: int(0, businessLimits.leadTimeDaysMax),
    toDays: int(0, businessLimits.leadTimeDaysMax),
    adjustmentPercent: ZAdjustmentPercent,
  })
  .superRefine((rule, ctx) => {
    if (rule.toDays < rule.fromDays) {
      issue(ctx, ['toDays'], 'range_reversed', 'Must not be before fromDays');
    }
  });
export type TLeadTimeRule = z.infer<typeof ZLeadTimeRule>;

export const ZLeadTimeRules = z
  .array(ZLeadTimeRule)
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
        issue(ctx, [i, 'fromDays'], 'overlapping_range', 'Overlaps another lead-time rule', {
          other: clash,
        });
      }
    });
  });

/**
 * `none`: prices keep their cents. `integer`: to the nearest whole amount. `ending`: to the nearest
 * price whose remainder modulo 10 is `ending` (0 ≤ ending < 10, e.g. 9 → …79, 89, 99; 9.9 → …89.9).
 * Rounding never leaves [minPrice, maxPrice]: it is the last step before the price is clamped.
 */
export const ZRounding = z
  .object({
    mode: z.enum(roundingModes),
    ending: twoDecimals(z.number().min(0).lt(10)).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.mode === 'ending' && r.ending === undefined) {
      issue(ctx, ['ending'], 'required', 'Required when rounding to an ending');
    }
  })
  .transform((r) => (r.mode === 'ending' ? r : { mode: r.mode }));
export type TRounding = z.output<typeof ZRounding>;

/** The kinds of public holiday the holiday library knows (a country's calendar names its own). */
export const holidayTypes = ['public', 'bank', 'school', 'optional', 'observance'] as const;
export type THolidayType = (typeof holidayTypes)[number];

/**
 * The holiday rule: on the country's (and region's) holidays of each type, and `nightsBefore` /
 * `nightsAfter` nights around them, prices move by that type's percent (the engine's `event` step).
 */
export const ZHolidayRule = z.object({
  enabled: z.boolean(),
  adjustments: z.object(
    Object.fromEntries(holidayTypes.map((type) => [type, ZAdjustmentPercent])) as Record<
      THolidayType,
      typeof ZAdjustmentPercent
    >,
  ),
  nightsBefore: int(0, businessLimits.holidayNightsAroundMax),
  nightsAfter: int(0, businessLimits.holidayNightsAroundMax),
});
export type THolidayRule = z.output<typeof ZHolidayRule>;

/**
 * The market step: when on, a price is kept within [median − belowPercent %, median +
 * abovePercent %] of the comparable competitors' rates for the night, on nights with at least
 * `minCompetitors` competitors observed; rates observed more than `maxAgeDays` ago are ignored.
 */
export const ZMarketSettings = z.object({
  enabled: z.boolean(),
  belowPercent: twoDecimals(z.number().min(0).max(businessLimits.marketBandMax)),
  abovePercent: twoDecimals(z.number().min(0).max(businessLimits.marketBandMax)),
  minCompetitors: int(1, businessLimits.marketCompetitorsMax),
  maxAgeDays: int(1, businessLimits.marketMaxAgeDaysMax),
});
export type TMarketSettings = z.output<typeof ZMarketSettings>;

const ZStayNights = int(1, businessLimits.minStayMax);

/**
 * Stay restrictions: the minimum stay (a default, or per weekday of arrival — null keeps the
 * default; a season may set its own), the maximum stay (null: none), the weekdays closed to
 * arrival and to departure, and the orphan discount (percent off an orphan night; null: none).
 */
export const ZStayRestrictions = z
  .object({
    minStay: ZStayNights,
    minStayByWeekday: z.object(
      Object.fromEntries(weekdays.map((day) => [day, ZStayNights.nullable()])) as Record<
        TWeekday,
        z.ZodNullable<typeof ZStayNights>
      >,
    ),
    maxStay: int(1, businessLimits.maxStayMax).nullable(),
    closedToArrival: ZWeekdayList,
    closedToDeparture: ZWeekdayList,
    orphanDiscountPercent: twoDecimals(
      z.number().gt(0).max(businessLimits.orphanDiscountMax),
    ).nullable(),
  })
  .superRefine((r, ctx) => {
    if (r.maxStay === null) return;
    const longest = Math.max(r.minStay, ...Object.values(r.minStayByWeekday).map((n) => n ?? 0));
    if (r.maxStay < longest) {
      issue(ctx, ['maxStay'], 'below_min_stay', 'Shorter than a minimum stay', {
        minimum: longest,
      });
    }
  });
export type TStayRestrictions = z.output<typeof ZStayRestrictions>;

export const ZTariffSettings = z.object({
  weekdayAdjustments: ZWeekdayAdjustments,
  leadTimeRules: ZLeadTimeRules,
  rounding: ZRounding,
  autoApprove: z.boolean(),
  occupancyBasis: z.enum(occupancyBases),
  /** How many nights ahead, from today, prices are recomputed and price changes proposed. */
  horizonDays: int(businessLimits.horizonDaysMin, businessLimits.horizonDaysMax),
  /**
   * A manual price more than this many percent above or below a night's recommended price asks
   * for confirmation before it is saved (0: only a price outside the room's bounds asks).
   */
  manualPriceWarnPercent: int(0, businessLimits.manualPriceWarnPercentMax),
  holidayRule: ZHolidayRule,
  market: ZMarketSettings,
  restrictions: ZStayRestrictions,
  /** What a guest above or below a room type's standard occupancy changes, unless it says. */
  guests: ZGuestDefaults,
  lengthOfStay: ZLengthOfStayRules,
});
export type TTariffSettings = z.output<typeof ZTariffSettings>;

export const defaultTariffSettings: TTariffSettings = {
  weekdayAdjustments: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
  leadTimeRules: [],
  rounding: { mode: 'none' },
  autoApprove: false,
  occupancyBasis: 'on_the_books',
  horizonDays: 365,
  manualPriceWarnPercent: 30,
  holidayRule: {
    enabled: false,
    adjustments: { public: 0, bank: 0, school: 0, optional: 0, observance: 0 },
    nightsBefore: 0,
    nightsAfter: 0,
  },
  market: { enabled: false, belowPercent: 10, abovePercent: 15, minCompetitors: 3, maxAgeDays: 7 },
  restrictions: {
    minStay: 1,
    minStayByWeekday: {
      mon: null,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    },
    maxStay: null,
    closedToArrival: [],
    closedToDeparture: [],
    orphanDiscountPercent: null,
  },
  guests: {
    extraGuest: { type: 'amount', value: 0 },
    missingGuest: { type: 'amount', value: 0 },
  },
  lengthOfStay: [],
};

/**
 * `PUT …/tariff-configuration/settings`: `{settings}`; each top-level key may be left out (kept as
 * stored), a key that is sent is replaced whole.
 */
export const ZSettingsBody = z.object({
  settings: ZTariffSettings.partial(),
  version: ZVersion.optional(),
});
export type TSettingsBody = z.input<typeof ZSettingsBody>;

// ---------------------------------------------------------------------------------------------
// Fluctuation-level groups
// ---------------------------------------------------------------------------------------------

export const ZFluctuationStep = z.object({
  /** Occupancy threshold in percent, 0–100 (at most 2 decimals). */
  occupancyFrom: twoDecimals(z.number().min(0).max(100)),
  adjustmentPercent: ZAdjustmentPercent,
});
export type TFluctuationStep = z.infer<typeof ZFluctuationStep>;

/** Thresholds ascending and unique, the first at 0, so every occupancy falls in one step. */
export const ZFluctuationSteps = z
  .array(ZFluctuationStep)
  .min(1)
  .max(businessLimits.levelsMax)
  .superRefine((levels, ctx) => {
    levels.forEach((level, i) => {
      if (i === 0) {
        if (level.occupancyFrom !== 0) {
          issue(ctx, [0, 'occupancyFrom'], 'first_level_not_zero', 'The first level starts at 0 %');
        }
        return;
      }
      const previous = levels[i - 1]!.occupancyFrom;
      if (level.occupancyFrom === previous) {
        issue(ctx, [i, 'occupancyFrom'], 'duplicate', 'Another level has this threshold');
      } else if (level.occupancyFrom < previous) {
        issue(ctx, [i, 'occupancyFrom'], 'not_ascending', 'Thresholds must go up');
      }
    });
  });

export const ZFluctuationLevelFields = z.object({
  name: ZBusinessName,
  roomUuids: ZRoomUuids.default([]),
  levels: ZFluctuationSteps,
});
export type TFluctuationLevelFieldsInput = z.input<typeof ZFluctuationLevelFields>;

/** `POST` and `PUT …/tariff-configuration/fluctuation-levels[/{groupUuid}]`. */
export const ZFluctuationLevelBody = z.object({
  fluctuationLevel: ZFluctuationLevelFields,
  version: ZVersion.optional(),
});
export type TFluctuationLevelBodyInput = z.input<typeof ZFluctuationLevelBody>;

export const ZFluctuationLevelGroup = z.object({
  uuid: z.uuid(),
  name: z.string(),
  roomUuids: z.array(z.uuid()),
  levels: z.array(z.object({ occupancyFrom: z.number(), adjustmentPercent: z.number() })),
});
export type TFluctuationLevelGroup = z.infer<typeof ZFluctuationLevelGroup>;

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
export const ZSazonalityFields = z
  .object({
    name: ZBusinessName,
    color: ZColor,
    startDate: ZDate,
    endDate: ZDate,
    weekdays: ZWeekdayList.default([]),
    roomUuids: ZRoomUuids.default([]),
    adjustmentType: z.enum(sazonalityAdjustmentTypes),
    value: z.number(),
    priority: int(0, businessLimits.priorityMax).default(0),
    /** The minimum stay on the nights this season wins; null: the settings' (weekday or default). */
    minStay: ZStayNights.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    // Zod runs this even when a date failed its own check (`-Infinity` made `addYears` throw: a
    // 500, found by the fuzz test): the range is compared only between two real dates.
    const realDates = ZDate.safeParse(s.startDate).success && ZDate.safeParse(s.endDate).success;
    if (realDates && s.endDate < s.startDate) {
      issue(ctx, ['endDate'], 'range_reversed', 'The end is before the start');
    } else if (realDates && s.endDate >= addYears(s.startDate, businessLimits.sazonalityMaxYears)) {
      issue(ctx, ['endDate'], 'range_too_long', 'A season spans at most 2 years', {
        maximum: businessLimits.sazonalityMaxYears,
      });
    }
    const value =
      s.adjustmentType === 'percent'
        ? ZAdjustmentPercent.safeParse(s.value)
        : s.adjustmentType === 'price'
          ? ZPrice.safeParse(s.value)
          : ZMoney.safeParse(s.value);
    if (!value.success) forwardIssues(ctx, ['value'], value.error);
  });
export type TSazonalityFieldsInput = z.input<typeof ZSazonalityFields>;

/** `POST` and `PUT …/tariff-configuration/sazonalities[/{id}]`. */
export const ZSazonalityBody = z.object({
  sazonality: ZSazonalityFields,
  version: ZVersion.optional(),
});
export type TSazonalityBodyInput = z.input<typeof ZSazonalityBody>;

export const ZSazonality = z.object({
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
  minStay: z.number().int().nullable(),
});
export type TSazonality = z.infer<typeof ZSazonality>;

// ---------------------------------------------------------------------------------------------
// Business
// ---------------------------------------------------------------------------------------------

export const ZTariffConfiguration = z.object({
  /** In the order last saved. */
  roomsTariff: z.array(ZRoomTariff),
  settings: z.object({
    weekdayAdjustments: ZWeekdayAdjustments,
    leadTimeRules: z.array(
      z.object({ fromDays: z.number(), toDays: z.number(), adjustmentPercent: z.number() }),
    ),
    rounding: z.object({ mode: z.enum(roundingModes), ending: z.number().optional() }),
    autoApprove: z.boolean(),
    occupancyBasis: z.enum(occupancyBases),
    horizonDays: z.number().int(),
    manualPriceWarnPercent: z.number().int(),
    holidayRule: ZHolidayRule,
    market: ZMarketSettings,
    restrictions: ZStayRestrictions,
    guests: ZGuestDefaults,
    lengthOfStay: z.array(ZLengthOfStayRule),
  }),
  /** Oldest first. */
  fluctuationLevels: z.array(ZFluctuationLevelGroup),
  /** By start date, then name. */
  sazonalities: z.array(ZSazonality),
});
export type TTariffConfiguration = z.infer<typeof ZTariffConfiguration>;

/** Gallery photos of a business: PNG, JPEG or WebP (recognised by content), up to 5 MB, 20 each. */
export const businessPhotoRules = {
  maxBytes: 5 * 1024 * 1024,
  maxPerBusiness: 20,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

export const ZBusinessPhoto = z.object({
  id: z.uuid(),
  /** Where the image is served (public: the name is unguessable), e.g. for an <img src>. */
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TBusinessPhoto = z.infer<typeof ZBusinessPhoto>;

export const ZBusiness = z.object({
  uuid: z.uuid(),
  /** The user who owns it (the CASL condition of `manage Business`). */
  ownerUuid: z.uuid(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  country: z.string().nullable(),
  /** The country's subdivision whose holidays also apply (ISO 3166-2 without the country, e.g. `11`). */
  region: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  /** Incremented by every change to the business or its tariff configuration. */
  version: z.number().int(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  /** Set on a deleted business (listed by `GET /api/v1/businesses/deleted` until restored). */
  deletedAt: ZIsoDateTime.nullable(),
  /** Gallery, oldest first (`POST …/{uuid}/photos`, `DELETE …/{uuid}/photos/{id}`). */
  photos: z.array(ZBusinessPhoto),
  tariffConfiguration: ZTariffConfiguration,
});
export type TBusiness = z.infer<typeof ZBusiness>;

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
export const ZBusinessFields = z.object({
  name: ZBusinessName,
  currency: ZCurrency.optional(),
  timezone: ZTimezone.optional(),
  country: optionalWith(ZCountry),
  region: optionalWith(
    z
      .string()
      .trim()
      .max(10)
      .refine((v) => /^[A-Za-z0-9]{1,10}$/.test(v), {
        message: 'Not a region code',
        ...custom('invalid_region'),
      }),
  ),
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
  email: optionalWith(ZEmail),
  website: optionalWith(
    z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain })),
  ),
  checkInTime: ZTimeOfDay.optional(),
  checkOutTime: ZTimeOfDay.optional(),
});

/** `POST /api/v1/businesses`: the business (answer 201 `{businesses}`, the whole list). */
export const ZCreateBusinessBody = ZBusinessFields;
export type TCreateBusinessBodyInput = z.input<typeof ZCreateBusinessBody>;

/** `PUT /api/v1/businesses/{uuid}`: the business as the API returned it, with its `version`. */
export const ZUpdateBusinessBody = ZBusinessFields.partial().extend({
  version: ZVersion,
});
export type TUpdateBusinessBody = z.input<typeof ZUpdateBusinessBody>;

/** `DELETE /api/v1/businesses/{uuid}`: the business's name typed again (trimmed, exact). */
export const ZDeleteBusinessBody = z.object({
  confirmName: z.string().trim().min(1).max(businessLimits.nameMax),
});
export type TDeleteBusinessBody = z.input<typeof ZDeleteBusinessBody>;

/**
 * `DELETE …/fluctuation-levels/{groupUuid}` and `…/sazonalities/{id}` take no body; the optional
 * `version` check travels in the query string.
 */
export const ZVersionQuery = z.object({
  version: queryInt(1).optional(),
});

export const ZBusinessEnvelope = z.object({ business: ZBusiness });
export const ZBusinessesEnvelope = z.object({ businesses: z.array(ZBusiness) });
export const ZBusinessSazonalityEnvelope = z.object({
  business: ZBusiness,
  sazonality: ZSazonality,
});
export type TBusinessEnvelope = z.infer<typeof ZBusinessEnvelope>;
export type TBusinessesEnvelope = z.infer<typeof ZBusinessesEnvelope>;
export type TBusinessSazonalityEnvelope = z.infer<typeof ZBusinessSazonalityEnvelope>;
