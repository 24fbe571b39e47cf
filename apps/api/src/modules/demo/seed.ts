import {
  bookingLimits,
  ZBookingsBatchBody,
  ZCompetitorBody,
  ZCompetitorRatesBody,
  ZCreateBusinessBody,
  ZEventBody,
  ZFluctuationLevelBody,
  ZRatePlanBody,
  ZRoomsTariffBody,
  ZSazonalityBody,
  ZSettingsBody,
} from '@tarifa/contract';
import { performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unitOfWork, type UnitOfWork, type UnitOfWorkDeps } from '../../core/unit-of-work';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/secrets';
import { authRepository } from '../auth/repository';
import { bookingsService } from '../bookings/service';
import { isUniqueViolation } from '../bookings/repository';
import { businessesRepository, type Caller } from '../../core/tenancy';
import { businessesService } from '../businesses/service';
import { eventsService } from '../events/service';
import { ratePlansService } from '../rate-plans/service';
import { marketService } from '../market/service';
import { publishAllOpen } from '../price-changes/repository';
import { currentRateRules } from '../pricing-inputs/rate-rules';
import { rateRuleChangesRepository } from '../pricing-inputs/rate-rules-repository';
import { recompute } from '../price-changes/recompute';
import {
  demoAccount,
  demoBookings,
  demoBusiness,
  demoCategoryRooms,
  demoCompetitorRates,
  demoCompetitors,
  demoEvents,
  demoRatePlans,
  demoFluctuationLevels,
  demoRooms,
  demoSazonalities,
  demoSettings,
} from './generator';

export interface DemoSeedDeps {
  db: Db;
  /** The app's jobs: the seed's outbox events are dispatched like any change's. */
  jobs: UnitOfWorkDeps['jobs'];
}

export interface DemoSeedResult {
  businessUuid: string;
  bookings: number;
  /** Price changes left pending for the owner to review. */
  pendingChanges: number;
}

const whole = { roomTypeUuids: null, from: null, to: null };

/**
 * Creates the demo account and "Hotel Atlântico" when the database is empty (no user at all: the
 * first start), through the same services as the API, in one transaction — so a start that dies
 * half-way leaves nothing and the next one seeds again. Answers undefined when the database was
 * not empty (or another instance seeded it at the same moment).
 */
export async function seedDemoIfEmpty(
  { db, jobs }: DemoSeedDeps,
  now: Date,
): Promise<DemoSeedResult | undefined> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return undefined;
  const passwordHash = await hashPassword(demoAccount.password);
  try {
    return await db.transaction(async (txn) => {
      const tx: Db = txn;
      // The services' changes nest in this transaction, their events with them.
      const uow = unitOfWork(tx, { jobs });
      const user = await authRepository(tx).insertUser({
        name: demoAccount.name,
        email: demoAccount.email,
        passwordHash,
        roles: ['client'],
        language: 'pt',
        // The demo shows every feature, so it is on the plan that has them all (docs/plans.md).
        plan: 'business',
      });
      const caller: Caller = { user: { uuid: user.uuid, roles: ['client'] } };
      const businesses = businessesService(tx, { clock: () => now, unitOfWork: uow });
      const [business] = await businesses.create(caller, ZCreateBusinessBody.parse(demoBusiness));
      const uuid = business!.uuid;
      const { tariffConfiguration } = await businesses.replaceRoomsTariff(
        caller,
        uuid,
        ZRoomsTariffBody.parse({ roomsTariff: demoRooms }),
      );
      const roomUuid = new Map(tariffConfiguration.roomsTariff.map((r) => [r.code, r.uuid]));
      // The last season is created after the first prices were published (below).
      const seasons = demoSazonalities(now.toISOString().slice(0, 10));
      for (const sazonality of seasons.slice(0, -1)) {
        await businesses.createSazonality(caller, uuid, ZSazonalityBody.parse({ sazonality }));
      }
      await businesses.createFluctuationGroup(
        caller,
        uuid,
        ZFluctuationLevelBody.parse({ fluctuationLevel: demoFluctuationLevels }),
      );
      await businesses.updateSettings(
        caller,
        uuid,
        ZSettingsBody.parse({ settings: demoSettings }),
      );
      const ratePlans = ratePlansService(tx, { unitOfWork: uow });
      const [basePlan] = await ratePlans.list(caller, uuid);
      for (const ratePlan of demoRatePlans(basePlan!.uuid)) {
        await ratePlans.create(caller, uuid, ZRatePlanBody.parse({ ratePlan }));
      }
      await seedMarketContext(tx, uow, caller, uuid, roomUuid, now);
      const bookings = demoBookings(now);
      const service = bookingsService(tx, { clock: () => now, unitOfWork: uow });
      for (let i = 0; i < bookings.length; i += bookingLimits.batchMax) {
        await service.upsertBatch(
          caller,
          uuid,
          ZBookingsBatchBody.parse({
            bookings: bookings.slice(i, i + bookingLimits.batchMax),
          }),
          // The hotel's past, not a change anyone made: its change history starts after it.
          { audit: false },
        );
      }
      // The hotel has been publishing its prices: what this configuration gives over the
      // horizon is its published price list. Then the owner adds the last season, and its nights
      // wait as pending price changes.
      await recompute(tx, uuid, whole, now, { unitOfWork: uow });
      await publishAllOpen(tx, uuid, now);
      // Its rate plans, guests and stays were published with them.
      const row = (await businessesRepository(tx, { kind: 'all' }).findLive(uuid))!;
      await rateRuleChangesRepository(tx, uuid).insertBaseline(
        await currentRateRules(tx, row),
        now,
      );
      await businesses.createSazonality(
        caller,
        uuid,
        ZSazonalityBody.parse({ sazonality: seasons[seasons.length - 1] }),
      );
      const proposed = await recompute(tx, uuid, whole, now, { unitOfWork: uow });
      return {
        businessUuid: uuid,
        bookings: bookings.length,
        pendingChanges: proposed?.inserted ?? 0,
      };
    });
  } catch (err) {
    // Several instances starting at once on an empty server: one of them seeds.
    if (isUniqueViolation(err, 'users_email_lower_key')) return undefined;
    throw err;
  }
}

/** The demo's events, the competitors it watches and their rates over the next months. */
async function seedMarketContext(
  tx: Db,
  uow: UnitOfWork,
  caller: Caller,
  businessUuid: string,
  roomUuid: ReadonlyMap<string, string>,
  now: Date,
) {
  const events = eventsService(tx, { unitOfWork: uow });
  for (const event of demoEvents(now.toISOString().slice(0, 10))) {
    await events.create(caller, businessUuid, ZEventBody.parse({ event }));
  }
  const market = marketService(tx, { clock: () => now, unitOfWork: uow });
  const competitorUuid = new Map<string, string>();
  for (const competitor of demoCompetitors) {
    const created = await market.create(
      caller,
      businessUuid,
      ZCompetitorBody.parse({
        name: competitor.name,
        stars: competitor.stars,
        roomMappings: competitor.categories.map((category) => ({
          category,
          roomUuid: roomUuid.get(demoCategoryRooms[category]),
        })),
      }),
    );
    competitorUuid.set(competitor.name, created.uuid);
  }
  const rates = demoCompetitorRates(now).map(({ competitor, ...rate }) => ({
    ...rate,
    competitorUuid: competitorUuid.get(competitor),
  }));
  for (let i = 0; i < rates.length; i += 5000) {
    await market.pushRates(
      caller,
      businessUuid,
      ZCompetitorRatesBody.parse({ rates: rates.slice(i, i + 5000) }),
    );
  }
}

/**
 * At start (`DEMO` not `false`): seeds the demo on an empty database at the app's "now", and
 * prints the demo account's credentials while it exists.
 */
export async function demoAtStart(app: FastifyInstance): Promise<void> {
  const { log } = app;
  const db = app.database.db;
  const started = performance.now();
  const seeded = await seedDemoIfEmpty({ db, jobs: app.jobs }, app.clock());
  if (seeded) {
    log.info(
      {
        bookings: seeded.bookings,
        pendingChanges: seeded.pendingChanges,
        ms: Math.round(performance.now() - started),
      },
      `demo data created: ${demoBusiness.name}`,
    );
  }
  if (await authRepository(db).findUserByEmail(demoAccount.email)) {
    log.info(
      `Demo account: ${demoAccount.email} / ${demoAccount.password} (DEMO=false starts without it)`,
    );
  }
}
