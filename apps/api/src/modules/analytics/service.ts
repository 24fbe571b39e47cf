import {
  analyticsLimits,
  boards,
  cancellationPolicies,
  leadTimeBuckets,
  lengthOfStayBuckets,
  toFieldIssues,
  weekdayKeys,
  ZAnalyticsRange,
  type TDailyResponse,
  type TKpisResponse,
  type TPaceResponse,
  type TPickupResponse,
  type TSalesGroupBy,
  type TSalesResponse,
  type TSalesRow,
  type ZDailyQuery,
  type ZKpisQuery,
  type ZPaceQuery,
  type ZPickupQuery,
  type ZSalesQuery,
} from '@tarifa/contract';
import { addDays, daysBetween, fromMinor } from '@tarifa/pricing';
import type { z } from 'zod';
import { systemClock } from '../../core/clock';
import { roomTypesRepository, type RoomTypeRow } from '../../core/room-types';
import { reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { zonedDate } from '../../lib/zoned-time';
import { cellKey, priceCells } from '../pricing-inputs/cells';
import {
  emptyGroup,
  stayFigures,
  toKpis,
  toSalesRow,
  weightedMean,
  type PricedRooms,
} from './mapping';
import {
  analyticsRepository,
  type GroupSums,
  type TimeGrouping,
  type AnalyticsRepository,
} from './repository';

type KpisQuery = z.output<typeof ZKpisQuery>;
type DailyQuery = z.output<typeof ZDailyQuery>;
type SalesQuery = z.output<typeof ZSalesQuery>;
type PaceQuery = z.output<typeof ZPaceQuery>;
type PickupQuery = z.output<typeof ZPickupQuery>;

export interface AnalyticsServiceOptions {
  /** What "now" is (tests fix it): today is its date in the business's time zone. */
  clock?: () => Date;
}

/** `GET …/analytics/pickup` without `to`: the first night and the 89 after it. */
const PICKUP_NIGHTS = 90;

const { lastYearOffsetDays } = analyticsLimits;

const timeGroupings = new Set<TSalesGroupBy>(['month', 'week', 'weekday']);
const isTimeGrouping = (groupBy: TSalesGroupBy): groupBy is TimeGrouping =>
  timeGroupings.has(groupBy);

/** The same period 52 weeks earlier (the same weekdays). */
const lastYearOf = (from: string, to: string) => ({
  from: addDays(from, -lastYearOffsetDays),
  to: addDays(to, -lastYearOffsetDays),
});

/**
 * Business intelligence of a business the caller reaches (docs/analytics.md): KPIs, nights,
 * sales by group, the booking curve and pickup, summed in SQL by the repository and put on the
 * wire here.
 */
export function analyticsService(db: Db, options: AnalyticsServiceOptions = {}) {
  const clock = options.clock ?? systemClock;

  /** The business (or 404), its repository and its today. */
  async function open(caller: Caller, businessUuid: string) {
    const business = await reachBusiness(db, caller, businessUuid);
    return {
      business,
      repo: analyticsRepository(db, business.uuid, business.timezone),
      today: zonedDate(clock(), business.timezone),
    };
  }

  const roomTypesOf = (business: BusinessRow) =>
    roomTypesRepository(db, business.uuid).liveRoomTypes();

  const roomsOf = (rooms: RoomTypeRow[]) => rooms.reduce((sum, room) => sum + room.rooms, 0);

  /**
   * The rows of a sales grouping in their order: every key of a fixed list (weekdays, buckets,
   * room types), zeros included; the channels, segments and countries found, by revenue.
   */
  function arrange(groupBy: TSalesGroupBy, groups: GroupSums[], rooms: RoomTypeRow[]) {
    const byKey = new Map(groups.map((group) => [group.key, group]));
    const every = (keys: readonly string[]) =>
      keys.map((key) => toSalesRow(byKey.get(key) ?? emptyGroup(key)));
    switch (groupBy) {
      case 'month':
      case 'week':
        return groups.map((group) => toSalesRow(group));
      case 'weekday':
        return every(weekdayKeys);
      case 'leadTime':
        return every(leadTimeBuckets.map((bucket) => bucket.key));
      case 'lengthOfStay':
        return every(lengthOfStayBuckets.map((bucket) => bucket.key));
      case 'board':
        return every(boards);
      case 'cancellationPolicy':
        return every(cancellationPolicies);
      case 'guests':
        return [...groups]
          .sort((a, b) => Number(a.key) - Number(b.key))
          .map((group) => toSalesRow(group));
      case 'room':
        return rooms.map((room) =>
          toSalesRow(byKey.get(room.uuid) ?? emptyGroup(room.uuid), room.name),
        );
      default:
        return [...groups]
          .sort(
            (a, b) =>
              b.revenueMinor - a.revenueMinor ||
              b.roomNights - a.roomNights ||
              b.bookings - a.bookings ||
              (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)),
          )
          .map((group) => toSalesRow(group));
    }
  }

  /** The sales of `from`…`to` grouped by `groupBy`; dates moved `shift` days for their keys. */
  function salesOf(
    repo: AnalyticsRepository,
    range: { from: string; to: string },
    groupBy: TSalesGroupBy,
    shift: number,
  ): Promise<GroupSums[]> {
    return isTimeGrouping(groupBy)
      ? repo.salesByCalendar(range.from, range.to, groupBy, shift)
      : repo.salesByBooking(range.from, range.to, groupBy);
  }

  return {
    /** `GET …/analytics/kpis`: the period's totals, and last year's with `compare`. */
    async kpis(caller: Caller, businessUuid: string, query: KpisQuery): Promise<TKpisResponse> {
      const { business, repo } = await open(caller, businessUuid);
      const { from, to } = query;
      const previous = query.compare === 'last_year' ? lastYearOf(from, to) : null;
      const [rooms, current, before] = await Promise.all([
        roomTypesOf(business),
        repo.period(from, to),
        previous && repo.period(previous.from, previous.to),
      ]);
      const perNight = roomsOf(rooms);
      return {
        currency: business.currency,
        current: toKpis(from, to, perNight, current),
        previous: previous && before && toKpis(previous.from, previous.to, perNight, before),
      };
    },

    /**
     * `GET …/analytics/daily`: every night of the range with its figures and prices — the
     * recommended price as the price calendar shows it today, and the published one — of one
     * room type, or of all weighted by their rooms.
     */
    async daily(caller: Caller, businessUuid: string, query: DailyQuery): Promise<TDailyResponse> {
      const { business, repo, today } = await open(caller, businessUuid);
      const { from, to, roomUuid } = query;
      const rooms = await roomTypesOf(business);
      const counted = roomUuid === undefined ? rooms : rooms.filter((r) => r.uuid === roomUuid);
      if (counted.length === 0 && roomUuid !== undefined) {
        throw AppError.field(
          'query.roomUuid',
          'unknown_room',
          'No such room type in this business',
        );
      }
      const [nights, cells] = await Promise.all([
        repo.nightsSold(from, to, roomUuid),
        priceCells(db, business, { today, from, to, now: clock() }),
      ]);
      const roomsAvailable = roomsOf(counted);
      // Per night, the prices (minor units) of the room types counted, each with its rooms.
      const roomsByType = new Map(counted.map((room) => [room.uuid, room.rooms]));
      const recommended = new Map<string, PricedRooms[]>();
      const published = new Map<string, PricedRooms[]>();
      const add = (to: Map<string, PricedRooms[]>, date: string, priced: PricedRooms) =>
        to.set(date, [...(to.get(date) ?? []), priced]);
      for (const cell of cells.cells) {
        const rooms = roomsByType.get(cell.roomUuid);
        if (rooms === undefined) continue;
        add(recommended, cell.date, { priceMinor: cell.price, rooms });
        const publishedMinor = cells.data.published.get(cellKey(cell.roomUuid, cell.date));
        if (publishedMinor !== undefined) {
          add(published, cell.date, { priceMinor: publishedMinor, rooms });
        }
      }
      return {
        currency: business.currency,
        days: nights.map(({ date, roomsSold, revenueMinor }) => ({
          date,
          roomsAvailable,
          roomsSold,
          ...stayFigures(roomsAvailable, roomsSold, revenueMinor),
          recommendedPrice: weightedMean(recommended.get(date) ?? []),
          publishedPrice: weightedMean(published.get(date) ?? []),
        })),
      };
    },

    /** `GET …/analytics/sales`: the period by one grouping, and last year's with `compare`. */
    async sales(caller: Caller, businessUuid: string, query: SalesQuery): Promise<TSalesResponse> {
      const { business, repo } = await open(caller, businessUuid);
      const { from, to, groupBy } = query;
      const previous = query.compare === 'last_year' ? lastYearOf(from, to) : null;
      const [rooms, current, before] = await Promise.all([
        roomTypesOf(business),
        salesOf(repo, { from, to }, groupBy, 0),
        previous && salesOf(repo, previous, groupBy, lastYearOffsetDays),
      ]);
      const rows = (groups: GroupSums[]): TSalesRow[] => arrange(groupBy, groups, rooms);
      return {
        currency: business.currency,
        groupBy,
        rows: rows(current),
        previous: before && rows(before),
      };
    },

    /**
     * `GET …/analytics/pace`: the booking curve of the stay period and of the same period last
     * year. This year's point N is null while the end of day `stayTo − N` is still to come (the
     * moment is then in the future for at least the period's last night); the point of today
     * shows what is on the books now.
     */
    async pace(caller: Caller, businessUuid: string, query: PaceQuery): Promise<TPaceResponse> {
      const { business, repo, today } = await open(caller, businessUuid);
      const { stayFrom, stayTo } = query;
      const lastYear = lastYearOf(stayFrom, stayTo);
      const [current, before] = await Promise.all([
        repo.pace(stayFrom, stayTo),
        repo.pace(lastYear.from, lastYear.to),
      ]);
      const lastYearAt = new Map(before.map((point) => [point.daysBefore, point]));
      const firstKnown = daysBetween(today, stayTo);
      return {
        currency: business.currency,
        stayFrom,
        stayTo,
        lastYear: { stayFrom: lastYear.from, stayTo: lastYear.to },
        points: current.map((point) => {
          const known = point.daysBefore >= firstKnown;
          const then = lastYearAt.get(point.daysBefore)!;
          return {
            daysBefore: point.daysBefore,
            roomNights: known ? point.roomNights : null,
            revenue: known ? fromMinor(point.revenueMinor) : null,
            lastYearRoomNights: then.roomNights,
            lastYearRevenue: fromMinor(then.revenueMinor),
          };
        }),
      };
    },

    /**
     * `GET …/analytics/pickup`: per night, what is on the books at the end of `asOf` and what
     * changed in the `days` days up to it (new bookings less cancellations and no-shows).
     */
    async pickup(
      caller: Caller,
      businessUuid: string,
      query: PickupQuery,
    ): Promise<TPickupResponse> {
      const { business, repo, today } = await open(caller, businessUuid);
      const asOf = query.asOf ?? today;
      const from = query.from ?? asOf;
      const to = query.to ?? addDays(from, PICKUP_NIGHTS - 1);
      const range = ZAnalyticsRange.safeParse({ from, to });
      if (!range.success) throw AppError.validation(toFieldIssues(range.error, ['query']));

      const nights = (await repo.pickup(from, to, asOf, addDays(asOf, -query.days))).map(
        (night) => ({
          date: night.date,
          onTheBooks: night.rooms[0]!,
          rooms: night.rooms[0]! - night.rooms[1]!,
          revenueMinor: night.revenueMinor[0]! - night.revenueMinor[1]!,
        }),
      );
      return {
        currency: business.currency,
        asOf,
        days: query.days,
        nights: nights.map(({ revenueMinor, ...night }) => ({
          ...night,
          revenue: fromMinor(revenueMinor),
        })),
        totals: {
          rooms: nights.reduce((sum, night) => sum + night.rooms, 0),
          revenue: fromMinor(nights.reduce((sum, night) => sum + night.revenueMinor, 0)),
        },
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
