import {
  alertKinds,
  defaultAlertSettings,
  isLocale,
  type TAlertKind,
  type TAlertSettings,
  type TAlertSettingsBody,
} from '@tarifa/contract';
import {
  addDays,
  backtest,
  forecastHistoryStart,
  forecastModel,
  type PriceCell,
} from '@tarifa/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock';
import { loadBookingCurves } from '../../core/forecast';
import type { JobRunner } from '../../core/jobs';
import {
  notify,
  refreshSummary,
  settleSummary,
  unreadSummaryParams,
} from '../../core/notifications';
import { roomTypesRepository } from '../../core/room-types';
import {
  actorOf,
  businessesRepository,
  policyFor,
  reachBusiness,
  type BusinessRow,
  type Caller,
} from '../../core/tenancy';
import { diff, versionConflict, type UnitOfWork } from '../../core/unit-of-work';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { holidaysBetween } from '../../lib/holidays';
import { zonedDate } from '../../lib/zoned-time';
import { analyticsRepository } from '../analytics/repository';
import type { MailService } from '../mail/service';
import { priceCells } from '../pricing-inputs/cells';
import { pricesRepository } from '../pricing-inputs/repository';
import { connectionFailingEmail } from './email';
import {
  alertRules,
  connectionFailing,
  eventUncovered,
  failingCheckAt,
  forecastError,
  paceBehind,
  priceAtBound,
  soldOutEarly,
  type AlertParams,
  type Findings,
} from './evaluate';
import { queueEvaluation, type AlertScope } from './queue';
import { alertsRepository, type AlertSettingsRow } from './repository';

export interface AlertsServiceOptions {
  unitOfWork: Pick<UnitOfWork, 'write'>;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  mail: Pick<MailService, 'send'>;
  /** The app's address, for the e-mail's link. */
  appUrl: string;
  clock: Clock;
  log?: FastifyBaseLogger;
}

/** The notification kind and the summary's group key of an alert kind of a business. */
export const alertNotificationKind = (kind: TAlertKind) => `alert_${kind}` as const;
export const alertGroupKey = (kind: TAlertKind, businessUuid: string) =>
  `${alertNotificationKind(kind)}:${businessUuid}`;

function toWireSettings(row: AlertSettingsRow | undefined): TAlertSettings {
  if (!row) return defaultAlertSettings;
  return {
    kinds: Object.fromEntries(
      alertKinds.map((kind) => [kind, !row.disabledKinds.includes(kind)]),
    ) as TAlertSettings['kinds'],
    soldOutDays: row.soldOutDays,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The kinds each evaluation looks at: a failure 15 minutes old (or ended); a change of bookings,
 * prices, events or rates (the cheap kinds it can start or end: no forecast back-test); the day's.
 */
const kindsOf: Record<AlertScope, readonly TAlertKind[]> = {
  failing: ['connection_failing'],
  changes: ['sold_out_early', 'price_at_bound', 'event_uncovered'],
  daily: alertKinds,
};

const sameParams = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The alerts of a business (docs/digest-and-alerts.md): the owner's settings, and the evaluation the jobs
 * run — each kind switched on looked for and written as the owner's unread summary, or settled
 * when there is nothing (any more) to tell; an urgent one new to the owner also e-mailed.
 */
export function alertsService(db: Db, options: AlertsServiceOptions) {
  const { clock } = options;

  /**
   * Every kind in `kinds` that is switched on, looked for as of `now`; and when a failure not yet
   * 15 minutes old will be (`failingCheckAt`).
   */
  async function find(
    business: BusinessRow,
    settings: TAlertSettings,
    kinds: readonly TAlertKind[],
    now: Date,
  ): Promise<{ findings: Findings; failingCheckAt: Date | null }> {
    const on = (kind: TAlertKind) => kinds.includes(kind) && settings.kinds[kind];
    const today = zonedDate(now, business.timezone);
    const repo = alertsRepository(db, business.uuid);
    const findings: Findings = {};
    let checkAt: Date | null = null;
    if (on('connection_failing')) {
      const outlets = await repo.failingOutlets();
      findings.connection_failing = connectionFailing(outlets, now);
      checkAt = failingCheckAt(outlets, now);
    }
    if (on('sold_out_early')) {
      const from = addDays(today, settings.soldOutDays + 1);
      const to = addDays(today, alertRules.soldOutHorizon);
      const prices = pricesRepository(db, business.uuid);
      const [rooms, sold, published] = await Promise.all([
        roomTypesRepository(db, business.uuid).liveRoomTypes(),
        prices.roomsSold(from, to),
        prices.published(from, to),
      ]);
      findings.sold_out_early = soldOutEarly({
        today,
        days: settings.soldOutDays,
        rooms,
        sold,
        published: new Map(
          published.map((row) => [`${row.roomUuid}|${row.night}`, row.priceMinor]),
        ),
      });
    }
    if (on('price_at_bound') || on('event_uncovered')) {
      const to = addDays(today, alertRules.eventHorizon - 1);
      const { config, cells } = await priceCells(db, business, { today, from: today, to, now });
      if (on('price_at_bound')) {
        const names = new Map(config.roomsTariff.map((room) => [room.uuid, room.name]));
        findings.price_at_bound = priceAtBound(cells, names, today);
      }
      if (on('event_uncovered')) {
        findings.event_uncovered = await uncovered(business, cells, config.settings, today, to);
      }
    }
    if (on('pace_behind')) {
      const analytics = analyticsRepository(db, business.uuid, business.timezone);
      const onTheBooks = async (asOf: string) => {
        const nights = await analytics.pickup(
          asOf,
          addDays(asOf, alertRules.paceNights - 1),
          asOf,
          asOf,
        );
        return {
          roomNights: nights.reduce((sum, night) => sum + night.rooms[0]!, 0),
          revenueMinor: nights.reduce((sum, night) => sum + night.revenueMinor[0]!, 0),
        };
      };
      const lastYear = addDays(today, -forecastModel.lastYearDays);
      findings.pace_behind = paceBehind(await onTheBooks(today), await onTheBooks(lastYear), today);
    }
    if (on('forecast_error')) {
      const usualAsOf = addDays(today, -alertRules.forecastRecentNights);
      const { curves, roomsAvailable } = await loadBookingCurves(db, business, {
        from: forecastHistoryStart(addDays(usualAsOf, -alertRules.forecastUsualNights), today),
        to: addDays(today, -1),
        maxLead: forecastModel.backtestLead,
      });
      findings.forecast_error = forecastError(
        backtest(curves, today, roomsAvailable, alertRules.forecastRecentNights),
        backtest(curves, usualAsOf, roomsAvailable, alertRules.forecastUsualNights),
      );
    }
    return { findings, failingCheckAt: checkAt };
  }

  /** Kind 5's reads: the owner's plain events, and the public holidays when the rule leaves them. */
  async function uncovered(
    business: BusinessRow,
    cells: PriceCell[],
    settings: { holidayRule: { enabled: boolean; adjustments: { public: number } } },
    today: string,
    to: string,
  ) {
    const rule = settings.holidayRule;
    return eventUncovered({
      today,
      cells,
      events: await alertsRepository(db, business.uuid).plainEvents(today, to),
      holidays: business.country
        ? holidaysBetween(business.country, business.region, { from: today, to }).filter(
            (holiday) => holiday.type === 'public',
          )
        : [],
      holidayRuleApplies: rule.enabled && rule.adjustments.public !== 0,
    });
  }

  /**
   * Writes what was found for `kinds` as the owner's summaries in `tx`: a finding with no unread
   * summary starts one (it rises; an urgent one is answered to be e-mailed), one already unread
   * gets the new figures without rising; a kind with nothing found, or switched off, is settled.
   */
  async function write(
    tx: Executor,
    business: BusinessRow,
    ownerUuid: string,
    kinds: readonly TAlertKind[],
    findings: Findings,
  ): Promise<AlertParams[]> {
    const started: AlertParams[] = [];
    for (const kind of kinds) {
      const groupKey = alertGroupKey(kind, business.uuid);
      const finding = findings[kind];
      if (!finding) {
        await settleSummary(tx, ownerUuid, groupKey);
        continue;
      }
      // The currency `value` is in, for the bell and the digest.
      const found = { ...finding, currency: business.currency };
      const open = await unreadSummaryParams(tx, ownerUuid, groupKey);
      if (!open) {
        await notify(tx, {
          userUuid: ownerUuid,
          businessUuid: business.uuid,
          kind: alertNotificationKind(kind),
          params: found,
          groupKey,
        });
        if (found.urgent) started.push(found);
      } else if (!sameParams(open, found)) {
        await refreshSummary(tx, ownerUuid, groupKey, found);
      }
    }
    return started;
  }

  /** The urgent alerts just started, e-mailed to the owner in their language. */
  async function mailUrgent(
    business: BusinessRow,
    owner: { name: string; email: string; language: string },
    started: AlertParams[],
  ) {
    for (const params of started) {
      const link = `${options.appUrl}${params.link}${params.link.includes('?') ? '&' : '?'}select=${business.uuid}`;
      const locale = isLocale(owner.language) ? owner.language : 'en';
      const content = connectionFailingEmail(locale, {
        ownerName: owner.name,
        property: business.name,
        name: params.name as string | null,
        failing: params.failing as number,
        minutes: params.minutes as number,
        lastError: params.lastError as string | null,
        link,
      });
      await options.mail.send({ ...content, to: owner.email, kind: 'alert_connection_failing' });
    }
  }

  return {
    /** `GET …/alerts/settings`: the kinds switched on and N (the defaults until first saved). */
    async settings(caller: Caller, businessUuid: string): Promise<TAlertSettings> {
      const business = await reachBusiness(db, caller, businessUuid);
      return toWireSettings(await alertsRepository(db, business.uuid).settings());
    },

    /**
     * `PUT …/alerts/settings`: saved (409 `version_conflict` when saved by someone else since
     * `body.version`), audited; the kinds switched off are settled at once, and an evaluation is
     * queued (a kind switched on, or a new N, shows without waiting for the next day).
     */
    async saveSettings(
      caller: Caller,
      businessUuid: string,
      body: TAlertSettingsBody,
    ): Promise<TAlertSettings> {
      policyFor(caller).assert('update', 'Business', 'Only the owner may change the alerts');
      const business = await reachBusiness(db, caller, businessUuid);
      const saved = await options.unitOfWork.write(caller, async ({ tx, record }) => {
        const repo = alertsRepository(tx, business.uuid);
        const current = await repo.settings({ lock: true });
        if ((current?.version ?? 0) !== body.version) throw versionConflict();
        const values = {
          disabledKinds: alertKinds.filter((kind) => !body.kinds[kind]),
          soldOutDays: body.soldOutDays,
          updatedBy: actorOf(caller),
        };
        const row = current
          ? await repo.updateSettings(current.version, values, clock())
          : await repo.insertSettings(values, clock());
        if (!row) throw versionConflict();
        const before = toWireSettings(current);
        record(business.uuid, {
          action: current ? 'update' : 'create',
          entity: 'alert_settings',
          entityId: business.uuid,
          entityName: business.name,
          changes: diff(
            { kinds: before.kinds, soldOutDays: before.soldOutDays },
            { kinds: body.kinds, soldOutDays: body.soldOutDays },
          ),
        });
        for (const kind of values.disabledKinds) {
          await settleSummary(tx, business.ownerUuid, alertGroupKey(kind, business.uuid));
        }
        await queueEvaluation(options.jobs, tx, business.uuid, 'daily');
        return row;
      });
      options.jobs.kick();
      return toWireSettings(saved);
    },

    /**
     * Looks for the alerts of `scope` in the business as of `now` and writes them in one
     * transaction (a switched-off kind is settled), then e-mails the urgent ones that started.
     * A failure not yet 15 minutes old gets the failing evaluation queued for when it will be
     * (in the same transaction). Answers the kinds found; undefined when the business is gone.
     */
    async evaluate(
      businessUuid: string,
      scope: AlertScope,
      now: Date,
    ): Promise<TAlertKind[] | undefined> {
      const business = await businessesRepository(db, { kind: 'all' }).findLive(businessUuid);
      if (!business) return undefined;
      const repo = alertsRepository(db, business.uuid);
      const [row, owner] = await Promise.all([repo.settings(), repo.owner()]);
      if (!owner) return undefined;
      const settings = toWireSettings(row);
      const kinds = kindsOf[scope];
      const { findings, failingCheckAt: checkAt } = await find(business, settings, kinds, now);
      const started = await withTransaction(db, async (tx) => {
        if (checkAt) await queueEvaluation(options.jobs, tx, business.uuid, 'failing', checkAt);
        return write(tx, business, owner.uuid, kinds, findings);
      });
      if (checkAt) options.jobs.kick();
      await mailUrgent(business, owner, started);
      return kinds.filter((kind) => findings[kind]);
    },
  };
}
export type AlertsService = ReturnType<typeof alertsService>;
