import {
  marketLimits,
  type TCompetitor,
  type TFieldIssue,
  type ZCompetitorBody,
} from '@tarifa/contract';
import type { z } from 'zod';
import { roomTypesRepository } from '../../core/room-types';
import { reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import { diff, type AuditInput } from '../../core/unit-of-work';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { MarketDeps } from './deps';
import { marketChanged } from './rates-write';
import { marketRepository, type CompetitorValues, type CompetitorWithRates } from './repository';

type CompetitorBody = z.output<typeof ZCompetitorBody>;

function toCompetitor({ competitor, rates, lastObservedAt }: CompetitorWithRates): TCompetitor {
  return {
    uuid: competitor.uuid,
    name: competitor.name,
    url: competitor.url,
    stars: competitor.stars,
    roomMappings: competitor.roomMappings,
    rates,
    lastObservedAt: lastObservedAt?.toISOString() ?? null,
  };
}

const auditFields = (c: CompetitorValues) => ({
  name: c.name,
  url: c.url,
  stars: c.stars,
  roomMappings: c.roomMappings,
});

/** The audit event of one competitor created, changed or deleted; none when nothing differs. */
export function competitorAudit(
  uuid: string,
  before: CompetitorValues | undefined,
  after: CompetitorValues | undefined,
): AuditInput[] {
  const changes = diff(before && auditFields(before), after && auditFields(after));
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      action: !before ? 'create' : after ? 'update' : 'delete',
      entity: 'competitor',
      entityId: uuid,
      entityName: (after ?? before)!.name,
      changes,
    },
  ];
}

/** The body's mappings checked against the business's live room types (400 `unknown_room`). */
async function checkMappings(tx: Executor, business: BusinessRow, body: CompetitorBody) {
  const rooms = new Set(
    (await roomTypesRepository(tx, business.uuid).liveRoomTypes()).map((r) => r.uuid),
  );
  const issues: TFieldIssue[] = [];
  body.roomMappings.forEach((m, i) => {
    if (!rooms.has(m.roomUuid)) {
      issues.push({
        path: `roomMappings.${i}.roomUuid`,
        code: 'unknown_room',
        message: 'No such room type in this business',
      });
    }
  });
  if (issues.length) throw AppError.validation(issues);
}

/** The competitors a business watches: listed, added, replaced and deleted, each audited. */
export function competitorsService({ db, uow }: Pick<MarketDeps, 'db' | 'uow'>) {
  return {
    async assertReachable(caller: Caller, businessUuid: string): Promise<void> {
      await reachBusiness(db, caller, businessUuid);
    },

    async list(caller: Caller, businessUuid: string): Promise<TCompetitor[]> {
      const business = await reachBusiness(db, caller, businessUuid);
      return (await marketRepository(db, business.uuid).list()).map(toCompetitor);
    },

    async create(caller: Caller, businessUuid: string, body: CompetitorBody): Promise<TCompetitor> {
      return uow.write(caller, async ({ tx, record }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        await checkMappings(tx, business, body);
        if ((await repo.countCompetitors()) >= marketLimits.competitorsMax) {
          throw AppError.field(
            'name',
            'too_many',
            `A business lists at most ${marketLimits.competitorsMax} competitors`,
          );
        }
        const row = await repo.insert(body);
        competitorAudit(row.uuid, undefined, body).forEach((e) => record(business.uuid, e));
        return toCompetitor({ competitor: row, rates: 0, lastObservedAt: null });
      });
    },

    async update(
      caller: Caller,
      businessUuid: string,
      uuid: string,
      body: CompetitorBody,
    ): Promise<TCompetitor> {
      return uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        const before = await repo.find(uuid);
        if (!before) throw AppError.notFound('Competitor');
        await checkMappings(tx, business, body);
        await repo.update(uuid, body);
        competitorAudit(uuid, before.competitor, body).forEach((e) => record(business.uuid, e));
        if (JSON.stringify(before.competitor.roomMappings) !== JSON.stringify(body.roomMappings)) {
          marketChanged(business.uuid, await repo.ratesSpan([uuid])).forEach(emit);
        }
        return toCompetitor((await repo.find(uuid))!);
      });
    },

    /** Deletes a competitor and its rates. */
    async remove(caller: Caller, businessUuid: string, uuid: string): Promise<void> {
      await uow.write(caller, async ({ tx, record, emit }) => {
        const business = await reachBusiness(tx, caller, businessUuid);
        const repo = marketRepository(tx, business.uuid);
        const before = await repo.find(uuid);
        if (!before) throw AppError.notFound('Competitor');
        marketChanged(business.uuid, await repo.delete(uuid)).forEach(emit);
        competitorAudit(uuid, before.competitor, undefined).forEach((e) =>
          record(business.uuid, e),
        );
      });
    },
  };
}
