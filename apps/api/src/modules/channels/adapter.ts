/**
 * One interface for every place Tarifa's prices go to and bookings come from (docs/channels.md).
 * A provider's adapter speaks its API; everything else — what to send, in which order, how often,
 * what was sent, retries and the log — is the channels module's, the same for every provider.
 *
 * Values are always absolute (a night's price, minimum stay or availability, never "+5"), so a
 * call repeated after a timeout, a 429 or a crash leaves the channel as one call would.
 * Dates are the hotel's `YYYY-MM-DD` nights; `to` is inclusive. Money is in minor units.
 */

/** The providers Tarifa connects to as channel connections. */
export type ProviderCode = 'channex' | 'opentravel';

/** Every destination of prices: the channel providers, and the business's own signed webhook. */
export type DestinationCode = ProviderCode | 'webhook';

/** What a destination can do, and the limits its documentation sets. */
export interface DestinationDescription {
  provider: DestinationCode;
  /** Lists its room types and rate plans (the mapping screen suggests from them). */
  listsRemote: boolean;
  /** Answers what it holds for a range of nights (read-back after a push). */
  readsBack: boolean;
  /** Has a feed of bookings (`pullBookings`, `ack`). */
  sendsBookings: boolean;
  /** Null where no documentation sets any (the webhook: its receiver is the owner's). */
  limits: {
    /** ARI calls a minute per property (each of rates and availability counts). */
    callsPerMinute: number;
    /** The largest request body, in bytes. */
    maxBodyBytes: number;
  } | null;
}

/** A channel provider's description: its documentation always sets limits. */
export interface AdapterDescription extends DestinationDescription {
  provider: ProviderCode;
  limits: NonNullable<DestinationDescription['limits']>;
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
  /** The answer's status, where one push is one call (the webhook logs it per attempt). */
  httpStatus?: number;
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

/**
 * The one interface of every destination: what it is (`describe`), the push of a batch in its
 * shape, and the calls a destination has only where `describe()` says so. `Batch` is what a push
 * carries: the channel providers take an `AriBatch`; the webhook, a signed delivery of the
 * publishing module's document (`publishing/webhook-adapter.ts`).
 */
export interface DestinationAdapter<Batch> {
  describe(): DestinationDescription;
  /**
   * Sends one batch: resolves when the destination took it (with the items it refused, if any);
   * throws a `ProviderError` when it did not.
   */
  pushAri(batch: Batch): Promise<PushOutcome>;
  listRemoteRooms?(): Promise<RemoteRoom[]>;
  listRemoteRatePlans?(): Promise<RemoteRatePlan[]>;
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

/** A channel provider's adapter: it pushes ARI, and can check its credentials before it is saved. */
export interface ChannelAdapter extends DestinationAdapter<AriBatch> {
  describe(): AdapterDescription;
  /** Checks the credentials and the property (a connection is saved only when this holds). */
  test(): Promise<void>;
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

/**
 * A call refused before connecting — an address that is not a valid URL, or an internal one — so
 * nothing was sent: it says nothing of the destination (a breaker does not count it).
 */
export class RefusedCallError extends ProviderError {
  constructor(message: string) {
    super(message, null, false);
    this.name = 'RefusedCallError';
  }
}
