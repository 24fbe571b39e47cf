/**
 * One interface for every place Tarifa's prices go to and bookings come from (docs/channels.md).
 * A provider's adapter speaks its API; everything else — what to send, in which order, how often,
 * what was sent, retries and the log — is the channels module's, the same for every provider.
 *
 * Values are always absolute (a night's price, minimum stay or availability, never "+5"), so a
 * call repeated after a timeout, a 429 or a crash leaves the channel as one call would.
 * Dates are the hotel's `YYYY-MM-DD` nights; `to` is inclusive. Money is in minor units.
 */

/** The providers Tarifa connects to. */
export type ProviderCode = 'channex' | 'opentravel';

/** What a provider can do, and the limits its documentation sets. */
export interface AdapterDescription {
  provider: ProviderCode;
  /** Lists its room types and rate plans (the mapping screen suggests from them). */
  listsRemote: boolean;
  /** Answers what it holds for a range of nights (read-back after a push). */
  readsBack: boolean;
  /** Has a feed of bookings (`pullBookings`, `ack`). */
  sendsBookings: boolean;
  limits: {
    /** ARI calls a minute per property (each of rates and availability counts). */
    callsPerMinute: number;
    /** The largest request body, in bytes. */
    maxBodyBytes: number;
  };
}

/** A room type on the provider's side. */
export interface RemoteRoom {
  id: string;
  name: string;
  /** Its code where the provider has one. */
  code: string | null;
  /** Guests it takes (the provider's occupancy), where known. */
  occupancy: number | null;
}

/** A rate plan on the provider's side: one room type's, where the provider works that way. */
export interface RemoteRatePlan {
  id: string;
  name: string;
  code: string | null;
  /** The remote room type it belongs to; null when it is the property's for every room. */
  roomId: string | null;
  /** `per_person`: a price per number of guests; `per_room`: one price. */
  sellMode: 'per_room' | 'per_person';
  /** The guest counts it is priced for (per person), ascending. */
  occupancies: number[];
}

/** The price of a night for a number of guests. */
export interface OccupancyRate {
  occupancy: number;
  amountMinor: number;
}

/** Rates and restrictions of one remote rate plan over a range of nights with equal values. */
export interface RateValue {
  roomId: string;
  ratePlanId: string;
  from: string;
  to: string;
  /** One price per guest count (a per-room plan has one, for its primary occupancy). */
  rates: OccupancyRate[];
  minStayArrival: number;
  /** Null: no maximum. */
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

/** Rooms left to sell of one remote room type over a range of nights. */
export interface AvailabilityValue {
  roomId: string;
  from: string;
  to: string;
  availability: number;
}

/** What one push carries (in the property's currency). */
export interface AriBatch {
  currency: string;
  rates: RateValue[];
  availability: AvailabilityValue[];
}

/** An item the provider refused while taking the rest (it is shown, never ignored). */
export interface ItemWarning {
  kind: 'rate' | 'availability';
  /** Its index in the batch's `rates` or `availability`. */
  index: number;
  message: string;
}

/** What a push did. */
export interface PushOutcome {
  warnings: ItemWarning[];
  /** The provider's references of the work it queued (Channex's tasks), if any. */
  tasks: string[];
  /** HTTP calls made and bytes sent. */
  calls: number;
  bytes: number;
}

/** What the provider holds for a range, night by night (`from` = `to`). */
export interface AriSnapshot {
  rates: RateValue[];
  availability: AvailabilityValue[];
}

/** One booking as the provider reports a change to it. */
export interface BookingRevision {
  /** The revision's id: what `ack` takes. */
  revisionId: string;
  /** The booking's id at the provider: the same across its revisions. */
  bookingId: string;
  status: 'new' | 'modified' | 'cancelled';
  /** Where it was sold (Booking.com, Expedia…), as the provider names it. */
  source: string | null;
  currency: string;
  /** The booking's total, in minor units. */
  amountMinor: number;
  /** When it was made (ISO instant). */
  bookedAt: string;
  rooms: {
    roomId: string;
    ratePlanId: string | null;
    arrival: string;
    departure: string;
    adults: number;
    children: number;
    amountMinor: number;
  }[];
  country: string | null;
}

/** A page of the bookings feed. */
export interface BookingsPage {
  revisions: BookingRevision[];
}

/** The calls a provider's adapter answers; optional ones only where `describe()` says so. */
export interface ChannelAdapter {
  describe(): AdapterDescription;
  listRemoteRooms?(): Promise<RemoteRoom[]>;
  listRemoteRatePlans?(): Promise<RemoteRatePlan[]>;
  /** Checks the credentials and the property (a connection is saved only when this holds). */
  test(): Promise<void>;
  pushAri(batch: AriBatch): Promise<PushOutcome>;
  readBack?(range: {
    from: string;
    to: string;
    roomIds: string[];
    ratePlanIds: string[];
  }): Promise<AriSnapshot>;
  /** Revisions not yet acknowledged, oldest first. */
  pullBookings?(): Promise<BookingsPage>;
  /** Tells the provider a revision is stored: it will not be sent again. */
  ack?(revisionId: string): Promise<void>;
}

/**
 * A provider's failure. `retryable`: a 429, a 5xx or no answer — the same call may succeed later
 * (not before `retryAfterMs` when the provider said); otherwise (bad credentials, a refused body)
 * repeating it changes nothing until someone acts.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
