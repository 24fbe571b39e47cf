import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { create } from 'xmlbuilder2';
import {
  childrenNamed,
  OTA_NAMESPACE,
  readXml,
  type XmlElement,
  XmlRefusedError,
} from '../../src/modules/channels/providers/opentravel';

/**
 * A local OpenTravel endpoint for tests: it takes `OTA_HotelRateAmountNotifRQ`,
 * `OTA_HotelAvailNotifRQ` and `OTA_PingRQ` as a channel system would, checks each against the
 * element and attribute rules of the standard (2016B schemas: the elements, their order and
 * counts, the attributes each may carry and their types) plus what a receiver agrees with a
 * sender (dates, codes, the hotel), and answers `<Errors>` for a message that breaks one — nothing
 * of it is taken. A valid message changes its state night by night, so a test can compare what
 * landed with what was meant. It can be told to answer an HTTP failure or any body, to refuse
 * given items with `<Warnings>`, to refuse bodies over a size, or to answer late.
 */

type Status = 'Open' | 'Close';

/** A night's price for a number of guests, as received. */
export interface RateCell {
  /** The decimal as sent (`AmountAfterTax`, else `AmountBeforeTax`). */
  amount: string;
  currency: string;
  taxIncluded: boolean;
}

/** A night's restrictions of a room type and rate plan (null: never set, or removed). */
export interface RestrictionCell {
  minLos: number | null;
  maxLos: number | null;
  arrival: Status | null;
  departure: Status | null;
  master: Status | null;
}

/** The key of a state entry: its codes, date and guests joined by `|`. */
export const stateKey = (...parts: (string | number)[]) => parts.join('|');

export interface ReceivedMessage {
  /** The root element's name ('' when the body was not XML). */
  root: string;
  body: string;
  bytes: number;
  status: number;
  answer: string;
}

/** An item to refuse with a Warning (it is not applied; the rest of the message is). */
export interface WarnFor {
  root: 'OTA_HotelRateAmountNotifRQ' | 'OTA_HotelAvailNotifRQ';
  invTypeCode: string;
  /** null: the messages without a rate plan (booking limits). */
  ratePlanCode: string | null;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// The standard's rules
// ---------------------------------------------------------------------------------------------

/** A rule broken: `missing` is the standard's "Required field missing" (EWT 10, ERR 321). */
interface Problem {
  missing: boolean;
  text: string;
}

/** A check of an attribute's value: what is wrong with it, or null. */
type Check = (value: string) => string | null;

interface AttrRule {
  required?: boolean;
  check?: Check;
}

interface ElementRule {
  attrs?: Record<string, AttrRule>;
  /** Other attributes the schema defines that this endpoint does not read. */
  others?: readonly string[];
  /** Any attribute is accepted (elements whose long attribute lists this endpoint ignores). */
  anyAttributes?: boolean;
  /** The child elements in the schema's order: each `min` to `max` times, nothing else. */
  sequence?: readonly ChildRule[];
  /** Its content is not checked (elements the schema has that this endpoint does not read). */
  opaque?: boolean;
  /** Text content is its value (`EchoData`). */
  text?: boolean;
}

interface ChildRule {
  name: string;
  min: number;
  max: number;
  rule: ElementRule;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** A real calendar day (2026-02-30 is not). */
const realDay = (y: string, m: string, d: string) => {
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return at.getUTCFullYear() === Number(y) && at.getUTCMonth() === Number(m) - 1;
};

const checks = {
  date: (v: string) => {
    const m = DATE.exec(v);
    return m && realDay(m[1] ?? '', m[2] ?? '', m[3] ?? '') ? null : 'is not a date (YYYY-MM-DD)';
  },
  dateTime: (v: string) => {
    const m = DATE_TIME.exec(v);
    const time = m && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
    const ok = time && realDay(m[1] ?? '', m[2] ?? '', m[3] ?? '');
    return ok ? null : 'is not an xs:dateTime';
  },
  decimal: (v: string) => (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v) ? null : 'is not a decimal'),
  amount: (v: string) => (/^\+?(\d+(\.\d*)?|\.\d+)$/.test(v) ? null : 'is not an amount'),
  integer: (v: string) => (/^[+-]?\d+$/.test(v) ? null : 'is not an integer'),
  nonNegative: (v: string) => (/^\+?\d+$/.test(v) ? null : 'is not a non-negative integer'),
  positive: (v: string) =>
    /^\+?\d+$/.test(v) && Number(v) > 0 ? null : 'is not a positive integer',
  guests: (v: string) =>
    /^\d{1,2}$/.test(v) && Number(v) >= 1 ? null : 'is not a number of guests (1 to 99)',
  boolean: (v: string) => (/^(true|false|1|0)$/.test(v) ? null : 'is not a boolean'),
  currency: (v: string) => (/^[A-Z]{3}$/.test(v) ? null : 'is not a 3-letter currency code'),
  code: (v: string) =>
    /^[0-9A-Z]{1,3}(\.[A-Z]{3}(\.X)?)?$/.test(v) ? null : 'is not an OpenTravel code',
  text: (v: string) => (v.length >= 1 && v.length <= 64 ? null : 'is not 1 to 64 characters'),
  oneOf:
    (...values: string[]): Check =>
    (v) =>
      values.includes(v) ? null : `is not one of ${values.join(', ')}`,
} satisfies Record<string, Check | ((...values: string[]) => Check)>;

const required = (check: Check): AttrRule => ({ required: true, check });
const optional = (check: Check): AttrRule => ({ check });
const one = (name: string, rule: ElementRule): ChildRule => ({ name, min: 1, max: 1, rule });
const maybe = (name: string, rule: ElementRule): ChildRule => ({ name, min: 0, max: 1, rule });
const many = (name: string, rule: ElementRule, min = 1): ChildRule => ({
  name,
  min,
  max: Infinity,
  rule,
});
const opaque: ElementRule = { opaque: true, anyAttributes: true };

/** OTA_PayloadStdAttributes: on the root of every message. */
const payloadAttributes: Record<string, AttrRule> = {
  EchoToken: optional((v) => (v.length >= 1 && v.length <= 128 ? null : 'is not 1 to 128 long')),
  TimeStamp: optional(checks.dateTime),
  Target: optional(checks.oneOf('Test', 'Production')),
  Version: required(checks.decimal),
  SequenceNmbr: optional(checks.nonNegative),
  RetransmissionIndicator: optional(checks.boolean),
};
const payloadOthers = [
  'TransactionIdentifier',
  'TransactionStatusCode',
  'PrimaryLangID',
  'AltLangID',
  'CorrelationID',
];

/** POS/Source/RequestorID (UniqueID_Type, Type and ID required) with its MessagePassword. */
const pos: ElementRule = {
  sequence: [
    many(
      'Source',
      {
        anyAttributes: true,
        sequence: [
          maybe('RequestorID', {
            attrs: {
              ID: required(checks.text),
              Type: required(checks.code),
              MessagePassword: optional((v) => (v.length > 0 ? null : 'is empty')),
            },
            others: ['URL', 'Instance', 'ID_Context'],
            sequence: [maybe('CompanyName', opaque)],
          }),
          maybe('Position', opaque),
          maybe('BookingChannel', opaque),
        ],
      },
      1,
    ),
  ],
};

/** HotelReferenceGroup; HotelCode is required by agreement (the hotel the message is for). */
const hotelReference: Record<string, AttrRule> = { HotelCode: required(checks.text) };
const hotelOthers = [
  'ChainCode',
  'BrandCode',
  'HotelCityCode',
  'HotelName',
  'HotelCodeContext',
  'ChainName',
  'BrandName',
  'AreaID',
  'TTIcode',
];

const days = ['Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat', 'Sun'] as const;

/** StatusApplicationControl: Start, End (dates, by agreement) and the codes it applies to. */
const applicationControl = (ratePlanRequired: boolean): ElementRule => ({
  attrs: {
    Start: required(checks.date),
    End: required(checks.date),
    InvTypeCode: required(checks.text),
    RatePlanCode: ratePlanRequired ? required(checks.text) : optional(checks.text),
    ...Object.fromEntries(days.map((day) => [day, optional(checks.boolean)])),
  },
  others: [
    'Duration',
    'InvCodeApplication',
    'InvCode',
    'InvType',
    'IsRoom',
    'Override',
    'QuoteID',
    'SubBlockCode',
    'InvBlockCode',
    'InvBlockCodeApply',
    'RateTier',
    'AllRateCode',
    'AllInvCode',
    'RatePlanCodeType',
    'RatePlanID',
    'RatePlanQualifier',
    'RatePlanType',
    'WingIdentifier',
  ],
  sequence: [maybe('DestinationSystemCodes', opaque)],
});

/** BaseByGuestAmt: TotalType's amounts, the guests, adults only (AgeQualifyingCode 10). */
const baseByGuestAmt: ElementRule = {
  attrs: {
    AmountBeforeTax: optional(checks.amount),
    AmountAfterTax: optional(checks.amount),
    CurrencyCode: required(checks.currency),
    DecimalPlaces: optional(checks.nonNegative),
    NumberOfGuests: required(checks.guests),
    AgeQualifyingCode: optional(checks.oneOf('10')),
  },
  others: ['MinAge', 'MaxAge', 'AgeTimeUnit', 'AgeBucket', 'Code', 'CodeContext', 'Type'],
  sequence: [many('NumberOfGuestsDescription', opaque, 0)],
};

/** RateUploadType's sequence: only BaseByGuestAmts is read. */
const rate: ElementRule = {
  anyAttributes: true,
  sequence: [
    maybe('BaseByGuestAmts', { sequence: [many('BaseByGuestAmt', baseByGuestAmt)] }),
    maybe('AdditionalGuestAmounts', opaque),
    maybe('Fees', opaque),
    maybe('GuaranteePolicies', opaque),
    maybe('CancelPolicies', opaque),
    maybe('PaymentPolicies', opaque),
    maybe('RateDescription', opaque),
    maybe('UniqueID', opaque),
    maybe('MealsIncluded', opaque),
    maybe('AdditionalCharges', opaque),
  ],
};

const rateAmountNotif: ElementRule = {
  attrs: {
    ...payloadAttributes,
    NotifType: optional(checks.oneOf('Delta', 'Overlay', 'Remove')),
    NotifScopeType: optional(checks.oneOf('RatePlanRate', 'ProductRate')),
  },
  others: payloadOthers,
  sequence: [
    maybe('POS', pos),
    maybe('UniqueID', opaque),
    maybe('RateAmountMessages', {
      attrs: hotelReference,
      others: hotelOthers,
      sequence: [
        many('RateAmountMessage', {
          attrs: { LocatorID: optional(checks.positive) },
          sequence: [
            one('StatusApplicationControl', applicationControl(true)),
            maybe('Rates', { sequence: [many('Rate', rate)] }),
          ],
        }),
      ],
    }),
  ],
};

const minMaxTypes = [
  'SetMinLOS',
  'RemoveMinLOS',
  'SetMaxLOS',
  'RemoveMaxLOS',
  'SetForwardMinStay',
  'RemoveForwardMinStay',
  'SetForwardMaxStay',
  'RemoveForwardMaxStay',
  'FixedLOS',
  'FullPatternLOS',
  'MinLOS',
  'MaxLOS',
];

/** AvailStatusMessageType: StatusApplicationControl, LengthsOfStay … UniqueID, RestrictionStatus. */
const availStatusMessage: ElementRule = {
  attrs: {
    BookingLimit: optional(checks.nonNegative),
    BookingLimitMessageType: optional(checks.oneOf('RemoveLimit', 'SetLimit', 'AdjustLimit')),
    LocatorID: optional(checks.positive),
    Override: optional(checks.boolean),
    BookingThreshold: optional(checks.integer),
  },
  others: ['RoomGender', 'SharedRoomInd'],
  sequence: [
    one('StatusApplicationControl', applicationControl(false)),
    maybe('LengthsOfStay', {
      attrs: {
        ArrivalDateBased: optional(checks.boolean),
        FixedPatternLength: optional(checks.integer),
      },
      sequence: [
        many(
          'LengthOfStay',
          {
            attrs: {
              MinMaxMessageType: required(checks.oneOf(...minMaxTypes)),
              Time: optional(checks.nonNegative),
              TimeUnit: optional(checks.oneOf('Day')),
              OpenStatusIndicator: optional(checks.boolean),
            },
            sequence: [maybe('LOS_Pattern', opaque)],
          },
          0,
        ),
      ],
    }),
    maybe('BestAvailableRates', opaque),
    maybe('HurdleRate', opaque),
    maybe('Delta', opaque),
    maybe('UniqueID', opaque),
    maybe('RestrictionStatus', {
      attrs: {
        Restriction: optional(
          checks.oneOf('Master', 'Arrival', 'Departure', 'NonGuarantee', 'TravelAgent'),
        ),
        Status: optional(checks.oneOf('Open', 'Close')),
        SellThroughOpenIndicator: optional(checks.boolean),
      },
      others: ['MaxAdvancedBookingOffset', 'MinAdvancedBookingOffset'],
    }),
  ],
};

const availNotif: ElementRule = {
  attrs: { ...payloadAttributes, MessageContentCode: optional(checks.code) },
  others: payloadOthers,
  sequence: [
    maybe('POS', pos),
    maybe('UniqueID', opaque),
    maybe('AvailStatusMessages', {
      attrs: hotelReference,
      others: hotelOthers,
      sequence: [many('AvailStatusMessage', availStatusMessage)],
    }),
  ],
};

const pingRQ: ElementRule = {
  attrs: payloadAttributes,
  others: payloadOthers,
  sequence: [one('EchoData', { text: true })],
};

const messageRules: Record<string, ElementRule> = {
  OTA_HotelRateAmountNotifRQ: rateAmountNotif,
  OTA_HotelAvailNotifRQ: availNotif,
  OTA_PingRQ: pingRQ,
};

/** Namespace declarations and xsi attributes: allowed on any element. */
const isDeclaration = (name: string) =>
  name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('xsi:');

function checkAttributes(element: XmlElement, rule: ElementRule, path: string, out: Problem[]) {
  for (const [name, attr] of Object.entries(rule.attrs ?? {})) {
    const value = element.attrs[name];
    if (value === undefined) {
      if (attr.required) out.push({ missing: true, text: `${path}/@${name} is missing` });
      continue;
    }
    const wrong = attr.check?.(value);
    if (wrong) out.push({ missing: false, text: `${path}/@${name} "${value}" ${wrong}` });
  }
  if (rule.anyAttributes) return;
  for (const name of Object.keys(element.attrs)) {
    const known = name in (rule.attrs ?? {}) || (rule.others ?? []).includes(name);
    if (!known && !isDeclaration(name)) {
      out.push({ missing: false, text: `${path}/@${name} is not an attribute of ${element.name}` });
    }
  }
}

/** Checks an element against its rule: attributes, then children in the schema's order. */
function checkElement(element: XmlElement, rule: ElementRule, path: string, out: Problem[]) {
  if (element.namespace !== OTA_NAMESPACE) {
    out.push({ missing: false, text: `${path} is not in the ${OTA_NAMESPACE} namespace` });
  }
  checkAttributes(element, rule, path, out);
  if (rule.opaque) return;
  if (rule.text) {
    if (element.children.length > 0) out.push({ missing: false, text: `${path} holds elements` });
    return;
  }
  if (element.text.trim() !== '') out.push({ missing: false, text: `${path} holds text` });
  const sequence = rule.sequence ?? [];
  let at = 0;
  for (const child of sequence) {
    let count = 0;
    while (element.children[at]?.name === child.name) {
      const node = element.children[at] as XmlElement;
      checkElement(node, child.rule, `${path}/${child.name}[${count + 1}]`, out);
      count += 1;
      at += 1;
    }
    if (count < child.min) out.push({ missing: true, text: `${path}/${child.name} is missing` });
    if (count > child.max) {
      out.push({ missing: false, text: `${path}/${child.name} appears ${count} times` });
    }
  }
  const extra = element.children[at];
  if (extra) {
    const order = sequence.map((child) => child.name).join(', ') || 'none';
    out.push({
      missing: false,
      text: `${path}/${extra.name} is not expected here (children, in order: ${order})`,
    });
  }
}

/** The StatusApplicationControl of a message (present: the structure was checked first). */
const controlOf = (message: XmlElement) =>
  childrenNamed(message, 'StatusApplicationControl')[0] as XmlElement;

/**
 * What the structure cannot say: Start ≤ End, an amount on every guest price, a Time on every
 * Set… length of stay, and restrictions for a rate plan (they are a product's: room and plan).
 */
function checkAgreement(root: XmlElement, out: Problem[]) {
  const messages = [
    ...messagesOf(root, 'RateAmountMessages', 'RateAmountMessage'),
    ...messagesOf(root, 'AvailStatusMessages', 'AvailStatusMessage'),
  ];
  messages.forEach((message, i) => {
    const path = `${message.name}[${i + 1}]`;
    const control = controlOf(message).attrs;
    if ((control.Start ?? '') > (control.End ?? '')) {
      out.push({
        missing: false,
        text: `${path}: Start ${control.Start} is after End ${control.End}`,
      });
    }
    for (const amount of descendants(message, [
      'Rates',
      'Rate',
      'BaseByGuestAmts',
      'BaseByGuestAmt',
    ])) {
      if (amount.attrs.AmountAfterTax === undefined && amount.attrs.AmountBeforeTax === undefined) {
        out.push({ missing: true, text: `${path}: a BaseByGuestAmt has no amount` });
      }
    }
    for (const length of descendants(message, ['LengthsOfStay', 'LengthOfStay'])) {
      const type = length.attrs.MinMaxMessageType ?? '';
      if (type.startsWith('Set') && !(Number(length.attrs.Time) > 0 && length.attrs.TimeUnit)) {
        out.push({ missing: true, text: `${path}: ${type} needs a positive Time in Days` });
      }
    }
    const restricts =
      childrenNamed(message, 'LengthsOfStay').length +
      childrenNamed(message, 'RestrictionStatus').length;
    if (restricts > 0 && control.RatePlanCode === undefined) {
      out.push({ missing: true, text: `${path}: restrictions need a RatePlanCode` });
    }
  });
}

const messagesOf = (root: XmlElement, list: string, item: string) =>
  childrenNamed(root, list).flatMap((element) => childrenNamed(element, item));

/** The elements at the end of a path of child names. */
const descendants = (element: XmlElement, names: string[]): XmlElement[] =>
  names.reduce<XmlElement[]>(
    (level, name) => level.flatMap((e) => childrenNamed(e, name)),
    [element],
  );

/** The problems of a read message: structure first, then what was agreed. */
function problemsOf(root: XmlElement): Problem[] {
  const rule = messageRules[root.name];
  if (!rule) return [{ missing: false, text: `${root.name} is not a message this endpoint takes` }];
  const out: Problem[] = [];
  checkElement(root, rule, root.name, out);
  if (out.length === 0) checkAgreement(root, out);
  return out;
}

/**
 * The problems of a document against the rules this endpoint checks (an empty list: valid) —
 * for a test to check what an adapter writes without sending it.
 */
export function validateOpenTravel(xml: string): string[] {
  try {
    return problemsOf(readXml(xml)).map((problem) => problem.text);
  } catch (err) {
    if (err instanceof XmlRefusedError) return [`the document was refused: ${err.message}`];
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying messages
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const UTC_DAY_FLAGS = ['Sun', 'Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat'] as const;

/** The nights a StatusApplicationControl applies to: Start to End inclusive, on its days. */
function nightsOf(control: XmlElement): string[] {
  const start = Date.parse(`${control.attrs.Start}T00:00:00Z`);
  const end = Date.parse(`${control.attrs.End}T00:00:00Z`);
  const nights: string[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const flag = control.attrs[UTC_DAY_FLAGS[new Date(at).getUTCDay()] ?? 'Sun'];
    // A day without its flag is included: the standard leaves absent flags to the partners.
    if (flag !== 'false' && flag !== '0') nights.push(new Date(at).toISOString().slice(0, 10));
  }
  return nights;
}

/** A Warning of a refused item: RecordID is its LocatorID, else its place (1-based). */
interface ItemRefusal {
  recordId: string;
  text: string;
}

export async function startOpenTravelServer(options: {
  requestorId: string;
  password: string;
  hotelCode: string;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const received: ReceivedMessage[] = [];
  const state = {
    rates: new Map<string, RateCell>(),
    restrictions: new Map<string, RestrictionCell>(),
    bookingLimits: new Map<string, number>(),
  };
  const control = {
    /** Answered instead of handling, one a request: an HTTP failure, or any body. */
    answers: [] as { status: number; body?: string; contentType?: string }[],
    /** Items refused with a Warning. */
    warnFor: [] as WarnFor[],
    /** Bodies over this are refused with 413 (null: any size). */
    maxBodyBytes: null as number | null,
    /** Every answer waits this long. */
    delayMs: 0,
  };

  /** The refusal `control.warnFor` asks for this message, if any. */
  function refusalOf(root: string, message: XmlElement, place: number): ItemRefusal | null {
    const codes = controlOf(message).attrs;
    const match = control.warnFor.find(
      (w) =>
        w.root === root &&
        w.invTypeCode === codes.InvTypeCode &&
        w.ratePlanCode === (codes.RatePlanCode ?? null),
    );
    return match ? { recordId: message.attrs.LocatorID ?? String(place), text: match.text } : null;
  }

  function applyRates(root: XmlElement): ItemRefusal[] {
    const refusals: ItemRefusal[] = [];
    const notif = root.attrs.NotifType ?? 'Delta';
    messagesOf(root, 'RateAmountMessages', 'RateAmountMessage').forEach((message, i) => {
      const refusal = refusalOf(root.name, message, i + 1);
      if (refusal) return void refusals.push(refusal);
      const sac = controlOf(message);
      const product = [sac.attrs.InvTypeCode ?? '', sac.attrs.RatePlanCode ?? ''];
      const amounts = descendants(message, ['Rates', 'Rate', 'BaseByGuestAmts', 'BaseByGuestAmt']);
      for (const night of nightsOf(sac)) {
        const prefix = `${stateKey(...product, night)}|`;
        if (notif !== 'Delta') {
          for (const key of [...state.rates.keys()])
            if (key.startsWith(prefix)) state.rates.delete(key);
        }
        if (notif === 'Remove') continue;
        for (const amount of amounts) {
          const afterTax = amount.attrs.AmountAfterTax;
          state.rates.set(stateKey(...product, night, amount.attrs.NumberOfGuests ?? ''), {
            amount: afterTax ?? amount.attrs.AmountBeforeTax ?? '',
            currency: amount.attrs.CurrencyCode ?? '',
            taxIncluded: afterTax !== undefined,
          });
        }
      }
    });
    return refusals;
  }

  const emptyCell = (): RestrictionCell => ({
    minLos: null,
    maxLos: null,
    arrival: null,
    departure: null,
    master: null,
  });

  /** Sets one night's restrictions from a message; answers what it could not apply. */
  function restrict(cell: RestrictionCell, message: XmlElement): string | null {
    for (const length of descendants(message, ['LengthsOfStay', 'LengthOfStay'])) {
      const time = Number(length.attrs.Time);
      const type = length.attrs.MinMaxMessageType;
      if (type === 'SetMinLOS') cell.minLos = time;
      else if (type === 'RemoveMinLOS') cell.minLos = null;
      else if (type === 'SetMaxLOS') cell.maxLos = time;
      else if (type === 'RemoveMaxLOS') cell.maxLos = null;
      else return `${type} is not implemented here`;
    }
    const status = childrenNamed(message, 'RestrictionStatus')[0];
    if (!status?.attrs.Status) return null;
    const value = status.attrs.Status as Status;
    // No Restriction: the product's own status, as Master.
    const restriction = status.attrs.Restriction ?? 'Master';
    if (restriction === 'Master') cell.master = value;
    else if (restriction === 'Arrival') cell.arrival = value;
    else if (restriction === 'Departure') cell.departure = value;
    else return `Restriction ${restriction} is not implemented here`;
    return null;
  }

  function applyAvailability(root: XmlElement): ItemRefusal[] {
    const refusals: ItemRefusal[] = [];
    messagesOf(root, 'AvailStatusMessages', 'AvailStatusMessage').forEach((message, i) => {
      const refusal = refusalOf(root.name, message, i + 1);
      if (refusal) return void refusals.push(refusal);
      const sac = controlOf(message);
      const codes = [
        sac.attrs.InvTypeCode ?? '',
        ...(sac.attrs.RatePlanCode ? [sac.attrs.RatePlanCode] : []),
      ];
      const limit = message.attrs.BookingLimit;
      const limitType = message.attrs.BookingLimitMessageType ?? 'SetLimit';
      for (const night of nightsOf(sac)) {
        const key = stateKey(...codes, night);
        if (limitType === 'RemoveLimit') state.bookingLimits.delete(key);
        else if (limit !== undefined) {
          const base = limitType === 'AdjustLimit' ? (state.bookingLimits.get(key) ?? 0) : 0;
          state.bookingLimits.set(key, base + Number(limit));
        }
        const hasRestrictions =
          childrenNamed(message, 'LengthsOfStay').length > 0 ||
          childrenNamed(message, 'RestrictionStatus').length > 0;
        if (!hasRestrictions) continue;
        const cell = state.restrictions.get(key) ?? emptyCell();
        const unsupported = restrict(cell, message);
        if (unsupported) {
          refusals.push({ recordId: message.attrs.LocatorID ?? String(i + 1), text: unsupported });
          return;
        }
        state.restrictions.set(key, cell);
      }
    });
    return refusals;
  }

  // -------------------------------------------------------------------------------------------
  // Answering
  // -------------------------------------------------------------------------------------------

  /** The response root of a request root (`…RQ` → `…RS`), with the standard's attributes. */
  function response(requestRoot: XmlElement | null) {
    const name = requestRoot && requestRoot.name.endsWith('RQ') ? requestRoot.name : 'OTA_ErrorRQ';
    const doc = create({ version: '1.0', encoding: 'UTF-8' });
    const version = requestRoot?.attrs.Version;
    const root = doc.ele(OTA_NAMESPACE, `${name.slice(0, -2)}RS`, {
      ...(requestRoot?.attrs.EchoToken ? { EchoToken: requestRoot.attrs.EchoToken } : {}),
      TimeStamp: now().toISOString(),
      Version: version && checks.decimal(version) === null ? version : '1.000',
    });
    return { doc, root };
  }

  /** `<Errors>`: nothing of the message was taken. */
  function errors(
    requestRoot: XmlElement | null,
    list: { type: string; code: string; text: string }[],
  ) {
    const { doc, root } = response(requestRoot);
    const container = root.ele('Errors');
    for (const error of list) {
      container.ele('Error', { Type: error.type, Code: error.code, ShortText: error.text });
    }
    return doc.end();
  }

  /** `<Success/>`, with a Warning for each item refused. */
  function success(requestRoot: XmlElement, refusals: ItemRefusal[], echo?: string) {
    const { doc, root } = response(requestRoot);
    root.ele('Success');
    if (refusals.length > 0) {
      const container = root.ele('Warnings');
      for (const refusal of refusals) {
        container.ele('Warning', {
          Type: '3',
          Code: '450',
          ShortText: refusal.text,
          RecordID: refusal.recordId,
        });
      }
    }
    if (echo !== undefined) root.ele('EchoData').txt(echo);
    return doc.end();
  }

  /** POS/Source/RequestorID with our ID and MessagePassword (EWT 4, ERR 497 when not). */
  function authenticated(root: XmlElement): boolean {
    const requestor = descendants(root, ['POS', 'Source', 'RequestorID']);
    return requestor.some(
      (r) => r.attrs.ID === options.requestorId && r.attrs.MessagePassword === options.password,
    );
  }

  /** The answer to a body: Errors for anything refused, else the message applied. */
  function handle(body: string): { root: string; answer: string } {
    let root: XmlElement;
    try {
      root = readXml(body);
    } catch (err) {
      if (!(err instanceof XmlRefusedError)) throw err;
      const text = `the message was refused: ${err.message}`;
      return { root: '', answer: errors(null, [{ type: '10', code: '321', text }]) };
    }
    if (root.name !== 'OTA_PingRQ' && messageRules[root.name] && !authenticated(root)) {
      const text = 'authentication failed: unknown requestor or wrong password';
      return { root: root.name, answer: errors(root, [{ type: '4', code: '497', text }]) };
    }
    const problems = problemsOf(root);
    if (problems.length > 0) {
      const list = problems.map((p) => ({
        type: p.missing ? '10' : '3',
        code: p.missing ? '321' : '320',
        text: p.text,
      }));
      return { root: root.name, answer: errors(root, list) };
    }
    const hotels = [
      ...childrenNamed(root, 'RateAmountMessages'),
      ...childrenNamed(root, 'AvailStatusMessages'),
    ].map((list) => list.attrs.HotelCode);
    if (hotels.some((code) => code !== options.hotelCode)) {
      const text = `invalid hotel code: this requestor may not update ${hotels.join(', ')}`;
      return { root: root.name, answer: errors(root, [{ type: '6', code: '392', text }]) };
    }
    if (root.name === 'OTA_PingRQ') {
      const echo = childrenNamed(root, 'EchoData')[0]?.text ?? '';
      return { root: root.name, answer: success(root, [], echo) };
    }
    const refusals =
      root.name === 'OTA_HotelRateAmountNotifRQ' ? applyRates(root) : applyAvailability(root);
    return { root: root.name, answer: success(root, refusals) };
  }

  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    if (control.delayMs <= 0) return fn();
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, control.delayMs);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const bytes = Buffer.byteLength(body);
      const reply = (status: number, answer: string, type = 'application/xml', root = '') => {
        received.push({ root: root || rootNameOf(body), body, bytes, status, answer });
        later(() => {
          res.writeHead(status, { 'content-type': type });
          res.end(answer);
        });
      };
      const canned = control.answers.shift();
      if (canned)
        return reply(canned.status, canned.body ?? `HTTP ${canned.status}`, canned.contentType);
      if (req.method !== 'POST') return reply(405, 'POST only', 'text/plain');
      if (!/^(application|text)\/xml\b/.test(String(req.headers['content-type']))) {
        return reply(415, 'an XML body is expected', 'text/plain');
      }
      if (control.maxBodyBytes !== null && bytes > control.maxBodyBytes) {
        return reply(413, `the body is over ${control.maxBodyBytes} bytes`, 'text/plain');
      }
      const { root, answer } = handle(body);
      reply(200, answer, 'application/xml', root);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ota`,
    port,
    received,
    state,
    control,
    validate: validateOpenTravel,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type OpenTravelServer = Awaited<ReturnType<typeof startOpenTravelServer>>;

/** The root element's name of a body, for the record ('' when it is not XML). */
function rootNameOf(body: string): string {
  try {
    return readXml(body).name;
  } catch {
    return '';
  }
}
