import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isLocale,
  type TDigestLink,
  type TDigestLinkRefusal,
  type TDigestSettings,
  type TDigestSettingsBody,
  type TDigestUnsubscribed,
  type TLocale,
  type TRole,
} from '@tarifa/contract';
import { addDays, fromMinor } from '@tarifa/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock';
import { businessForecast } from '../../core/forecast';
import { openAlerts } from '../../core/notifications';
import { policyFor, type BusinessRow, type Caller } from '../../core/tenancy';
import { withTransaction, type Db, type Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/secrets';
import { zonedDate, zonedHour } from '../../lib/zoned-time';
import type { MailService } from '../mail/service';
import type { PriceChangesService } from '../price-changes/service';
import { occupancyOf, rankChanges } from './figures';
import {
  digestDefaults,
  digestRepository,
  type DigestLinkInsert,
  type DigestOwner,
} from './repository';
import { digestEmail, type DigestAlertView, type DigestPropertyView } from './templates';

/** A one-click link works for 48 hours. */
export const LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** The pending changes listed per property (the largest effects); the rest are counted. */
export const CHANGES_LISTED = 10;
/**
 * How late a digest may still leave after its hour (a restart, an outage): past this, that
 * day's is skipped rather than sent in the afternoon. A new owner who signs up at 15:00 gets
 * their first digest the next morning.
 */
export const CATCH_UP_MS = 6 * 60 * 60 * 1000;
/** Expired links are kept this long (refused as expired, not as unknown), then deleted. */
const EXPIRED_LINKS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface DigestServiceDeps {
  db: Db;
  mail: Pick<MailService, 'stage'>;
  priceChanges: Pick<PriceChangesService, 'decideOne'>;
  /** The web app's address, without a trailing slash. */
  appUrl: string;
  clock: Clock;
  /** Signs the unsubscribe links (derived from the instance's sealing key). */
  unsubscribeKey: Buffer;
  log?: FastifyBaseLogger;
}

const refuse = (code: TDigestLinkRefusal, message: string) =>
  AppError.field('token', code, message);
const invalidLink = () => refuse('link_invalid', 'This link is not one Tarifa sent');

const localeOf = (language: string): TLocale => (isLocale(language) ? language : 'pt');

/** The user the caller is: a digest is a person's, never a token's or the server's. */
function userOf(caller: Caller): string {
  const refusal = 'The morning digest is a user’s own: integration tokens may not change it';
  if (caller.kind === 'system') throw new AppError('forbidden', refusal);
  policyFor(caller).assert('manage', 'User', refusal);
  return caller.user.uuid;
}

/**
 * The morning digest (docs/digest-and-alerts.md): who is due, the email with its figures and
 * one-click links, written exactly once per owner and local day; the links' checks and actions;
 * the owner's setting and the unsubscribe link.
 */
export function digestService(deps: DigestServiceDeps) {
  const { db, mail, appUrl, clock } = deps;

  function unsubscribeToken(userUuid: string): string {
    const mac = createHmac('sha256', deps.unsubscribeKey)
      .update(`digest-unsubscribe:${userUuid}`)
      .digest('base64url');
    return `${userUuid}.${mac}`;
  }

  /** The user an unsubscribe token was signed for, or a 400 on `token`. */
  function unsubscribeUser(token: string): string {
    const [userUuid, mac] = token.split('.');
    if (!userUuid || !mac) throw invalidLink();
    const expected = Buffer.from(unsubscribeToken(userUuid));
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidLink();
    }
    return userUuid;
  }

  /** The owner's day, and whether its hour has come (within the catch-up window). */
  function dayOf(owner: DigestOwner, now: Date) {
    const localDate = zonedDate(now, owner.timeZone);
    const due = zonedHour(localDate, owner.hour, owner.timeZone).getTime();
    return { localDate, due: due <= now.getTime() && now.getTime() < due + CATCH_UP_MS };
  }

  /** One property's part: yesterday, the next 30 nights, its pending changes ranked by money. */
  async function propertyPart(
    tx: Executor,
    business: BusinessRow,
    now: Date,
    links: DigestLinkInsert[],
    secrets: string[],
    link: Pick<DigestLinkInsert, 'digestId' | 'userUuid' | 'expiresAt'>,
  ): Promise<DigestPropertyView> {
    const repo = digestRepository(tx);
    const today = zonedDate(now, business.timezone);
    const yesterday = addDays(today, -1);
    const last30 = addDays(today, 29);
    const [activity, firstNight, pending] = [
      await repo.dayActivity(business.uuid, yesterday),
      await repo.firstNight(business.uuid),
      await repo.pendingChanges(business.uuid, today),
    ];
    const farthest = pending.reduce((max, c) => (c.night > max ? c.night : max), last30);
    // As yesterday ended: the day's figures are whole, and the forecast reads the same books.
    const ahead = await businessForecast(tx, business, {
      asOf: yesterday,
      from: today,
      to: farthest < addDays(today, 730) ? farthest : addDays(today, 730),
    });
    const next30 = ahead.nights.filter((night) => night.date <= last30);
    // The same nights a year before (364 days: the same weekdays), on the books at the same lead.
    const lastYearFrom = addDays(today, -364);
    const lastYear =
      firstNight !== null && firstNight <= lastYearFrom
        ? await businessForecast(tx, business, {
            asOf: addDays(yesterday, -364),
            from: lastYearFrom,
            to: addDays(last30, -364),
          })
        : null;

    const ranked = rankChanges(
      pending,
      new Map(ahead.nights.map((night) => [night.date, night])),
      ahead.roomsAvailable,
    );
    const listed = ranked.slice(0, CHANGES_LISTED).map((change) => {
      const urlOf = (action: 'approve' | 'reject') => {
        const token = newSecret();
        secrets.push(token);
        links.push({
          ...link,
          tokenHash: hashSecret(token),
          businessUuid: business.uuid,
          changeId: change.id,
          action,
          newPriceMinor: change.newPriceMinor,
          changeUpdatedAt: change.updatedAt,
        });
        return `${appUrl}/digest/link?token=${token}`;
      };
      return {
        date: change.night,
        roomName: change.roomName,
        oldPrice: change.oldPriceMinor === null ? null : fromMinor(change.oldPriceMinor),
        newPrice: fromMinor(change.newPriceMinor),
        effect: change.effectMinor === null ? null : fromMinor(change.effectMinor),
        approveUrl: urlOf('approve'),
        rejectUrl: urlOf('reject'),
      };
    });
    return {
      name: business.name,
      currency: business.currency,
      yesterday,
      bookings: activity.bookings,
      cancellations: activity.cancellations,
      revenue: fromMinor(activity.revenueMinor),
      onTheBooks: occupancyOf(next30, ahead.roomsAvailable, 'onTheBooks'),
      lastYear: lastYear && occupancyOf(lastYear.nights, lastYear.roomsAvailable, 'onTheBooks'),
      forecast: occupancyOf(next30, ahead.roomsAvailable, 'forecast'),
      changes: listed,
      moreChanges: ranked.length - listed.length,
      changesUrl: `${appUrl}/pricing-central/price-changes`,
    };
  }

  /** The alerts still open for the owner, as the digest lists them (any `alert_*` kind). */
  async function alertsPart(tx: Executor, userUuid: string, properties: BusinessRow[]) {
    const byUuid = new Map(properties.map((p) => [p.uuid, p]));
    const alerts = await openAlerts(
      tx,
      userUuid,
      properties.map((p) => p.uuid),
    );
    return alerts.map((alert): DigestAlertView => {
      const property = alert.businessUuid ? byUuid.get(alert.businessUuid) : undefined;
      const { value, link } = alert.params;
      return {
        kind: alert.kind,
        propertyName: property?.name ?? null,
        currency: property?.currency ?? null,
        value: typeof value === 'number' && Number.isFinite(value) ? value : null,
        url: typeof link === 'string' && link.startsWith('/') ? `${appUrl}${link}` : null,
      };
    });
  }

  /**
   * Writes the owner's digest of `localDate` if nobody did: the day is taken, the email and its
   * links stored, all in one transaction; the email leaves once it committed. False when the day
   * was taken already, the owner switched the digest off, or has no live property left.
   */
  async function send(userUuid: string, localDate: string): Promise<boolean> {
    const now = clock();
    const staged = await withTransaction(db, async (tx) => {
      const repo = digestRepository(tx);
      const owner = await repo.owner(userUuid);
      if (!owner?.enabled) return null;
      const digestId = await repo.claimDay(userUuid, localDate, owner.timeZone, now);
      if (!digestId) return null;
      const user = (await repo.user(userUuid))!;
      const locale = localeOf(user.language);
      const properties = await repo.properties(userUuid);
      const links: DigestLinkInsert[] = [];
      const secrets: string[] = [];
      const link = { digestId, userUuid, expiresAt: new Date(now.getTime() + LINK_TTL_MS) };
      const parts: DigestPropertyView[] = [];
      for (const business of properties) {
        parts.push(await propertyPart(tx, business, now, links, secrets, link));
      }
      const unsubscribe = unsubscribeToken(userUuid);
      secrets.push(unsubscribe);
      const content = digestEmail({
        locale,
        name: user.name,
        date: localDate,
        hour: owner.hour,
        timeZone: owner.timeZone,
        properties: parts,
        alerts: await alertsPart(tx, userUuid, properties),
        settingsUrl: `${appUrl}/account-settings/notifications`,
        unsubscribeUrl: `${appUrl}/digest/unsubscribe?token=${unsubscribe}`,
      });
      const email = await mail.stage(
        {
          to: user.email,
          kind: 'digest',
          ...content,
          secrets,
          // One-click unsubscribe from the mail client's own button (RFC 8058): a POST.
          headers: {
            'List-Unsubscribe': `<${appUrl}/api/v1/digest/unsubscribe?token=${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
        tx,
      );
      await repo.insertLinks(links);
      await repo.setEmail(digestId, email.id);
      return email;
    });
    staged?.deliver();
    if (staged) deps.log?.info({ userUuid, localDate, emailId: staged.id }, 'digest written');
    return Boolean(staged);
  }

  /** What keeps a link from acting now, if anything. */
  function refusalOf(
    found: Awaited<ReturnType<ReturnType<typeof digestRepository>['link']>>,
    now: Date,
    today: (timeZone: string) => string,
  ): AppError | null {
    if (!found || found.business.deletedAt || found.owner.disabledAt) return invalidLink();
    if (found.business.ownerUuid !== found.link.userUuid) return invalidLink();
    if (found.link.usedAt) return refuse('link_used', 'This link was used already');
    if (found.link.expiresAt.getTime() <= now.getTime()) {
      return refuse('link_expired', 'This link is more than 48 hours old');
    }
    const { change } = found;
    if (['approved', 'rejected', 'published'].includes(change.status)) {
      return refuse('change_decided', 'This price change was decided since the email was sent');
    }
    if (
      change.status !== 'pending' ||
      change.newPriceMinor !== found.link.newPriceMinor ||
      change.updatedAt.getTime() !== found.link.changeUpdatedAt.getTime() ||
      change.night < today(found.business.timezone)
    ) {
      return refuse('change_replaced', 'This price change was replaced since the email was sent');
    }
    return null;
  }

  function linkAnswer(
    found: NonNullable<Awaited<ReturnType<ReturnType<typeof digestRepository>['link']>>>,
    state: TDigestLink['state'],
  ): TDigestLink {
    return {
      action: found.link.action as TDigestLink['action'],
      state,
      locale: localeOf(found.owner.language),
      property: {
        uuid: found.business.uuid,
        name: found.business.name,
        currency: found.business.currency,
      },
      change: {
        id: found.link.changeId,
        date: found.change.night,
        roomName: found.roomName,
        oldPrice:
          found.change.oldPriceMinor === null ? null : fromMinor(found.change.oldPriceMinor),
        newPrice: fromMinor(found.link.newPriceMinor),
      },
    };
  }

  const today = (now: Date) => (timeZone: string) => zonedDate(now, timeZone);

  return {
    send,

    /**
     * The owners whose digest is due now and not sent yet: their hour has come in their first
     * property's zone (an hour the clocks skip: the first instant after it), within the catch-up
     * window.
     */
    async dueOwners(now: Date): Promise<{ userUuid: string; localDate: string }[]> {
      const repo = digestRepository(db);
      const due = (await repo.owners())
        .filter((owner) => owner.enabled)
        .map((owner) => ({ owner, ...dayOf(owner, now) }))
        .filter((day) => day.due)
        .map(({ owner, localDate }) => ({ userUuid: owner.userUuid, localDate }));
      const sent = await repo.sentOn(due);
      return due.filter((day) => !sent.has(`${day.userUuid} ${day.localDate}`));
    },

    /** Deletes the links that expired a week ago. */
    pruneLinks: (now: Date) =>
      digestRepository(db).pruneLinks(new Date(now.getTime() - EXPIRED_LINKS_KEPT_MS)),

    /** `GET /api/v1/digest/links`: what the link does, if it still may (read-only). */
    async inspect(token: string): Promise<TDigestLink> {
      const now = clock();
      const found = await digestRepository(db).link(hashSecret(token));
      const refusal = refusalOf(found, now, today(now));
      if (refusal) throw refusal;
      return linkAnswer(found!, 'open');
    },

    /**
     * `POST /api/v1/digest/links`: approves or rejects the change as its owner, once. The link is
     * checked and spent inside the decision's transaction, under the business's locks, so two
     * clicks at once move it once and a refused link changes nothing.
     */
    async act(token: string): Promise<TDigestLink> {
      const tokenHash = hashSecret(token);
      const now = clock();
      const found = await digestRepository(db).link(tokenHash);
      const refusal = refusalOf(found, now, today(now));
      if (refusal) throw refusal;
      const { link, owner, business } = found!;
      // The owner acts, as in the app: the decision and its audit event are theirs.
      const caller: Caller = { user: { uuid: owner.uuid, roles: owner.roles as TRole[] } };
      const { moved } = await deps.priceChanges.decideOne(
        caller,
        business.uuid,
        link.changeId,
        link.action === 'approve' ? 'approved' : 'rejected',
        async (tx) => {
          const repo = digestRepository(tx);
          const refused = refusalOf(await repo.link(tokenHash), now, today(now));
          if (refused) throw refused;
          if (!(await repo.spendLink(link.id, now))) {
            throw refuse('link_used', 'This link was used already');
          }
        },
      );
      if (moved !== 1) throw new AppError('conflict', 'The change could not move; try in the app');
      return linkAnswer(found!, 'done');
    },

    /** `POST /api/v1/digest/unsubscribe`: the digest off for the link's owner. */
    async unsubscribe(token: string): Promise<TDigestUnsubscribed> {
      const userUuid = unsubscribeUser(token);
      const repo = digestRepository(db);
      const user = await repo.user(userUuid);
      if (!user) throw invalidLink();
      await repo.saveSettings(userUuid, { enabled: false }, clock());
      deps.log?.info({ userUuid }, 'digest unsubscribed by link');
      return { enabled: false, locale: localeOf(user.language) };
    },

    /** `GET /api/v1/digest/settings`: the caller's setting and the zone its hour is read in. */
    async settings(caller: Caller): Promise<TDigestSettings> {
      const userUuid = userOf(caller);
      const repo = digestRepository(db);
      const [own, owner] = [await repo.settings(userUuid), await repo.owner(userUuid)];
      return {
        enabled: own?.enabled ?? digestDefaults.enabled,
        hour: own?.hour ?? digestDefaults.hour,
        timeZone: owner?.timeZone ?? null,
        propertyName: owner?.propertyName ?? null,
      };
    },

    /** `PUT /api/v1/digest/settings`. */
    async saveSettings(caller: Caller, body: TDigestSettingsBody): Promise<TDigestSettings> {
      await digestRepository(db).saveSettings(userOf(caller), body, clock());
      return this.settings(caller);
    },
  };
}
export type DigestService = ReturnType<typeof digestService>;
