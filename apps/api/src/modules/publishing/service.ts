import { randomUUID } from 'node:crypto';
import {
  webhookLimits,
  type TWebhookDeliveriesPage,
  type TWebhookDelivery,
  type TWebhookPayload,
  type TWebhookResponse,
  type TWebhookWithSecret,
} from '@tarifa/contract';
import { systemClock } from '../../core/clock';
import type { JobRunner } from '../../core/jobs';
import { policyFor, reachBusiness, type BusinessRow, type Caller } from '../../core/tenancy';
import { SENDING_RECOVERED, type UnitOfWork, type WriteContext } from '../../core/unit-of-work';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { checkOutgoingUrl, type Resolver } from '../../lib/url-guard';
import { priceChangesRepository } from '../price-changes/repository';
import { deliveryBody, enqueueDelivery, enqueuePublish } from './publish';
import {
  attemptsOf,
  publishingRepository,
  toWireDelivery,
  toWireWebhook,
  type DeliveryRow,
  type WebhookRow,
} from './repository';
import { newWebhookSecret, secretPrefixOf } from './signature';

export interface PublishingServiceDeps {
  unitOfWork: UnitOfWork;
  jobs: Pick<JobRunner, 'enqueue' | 'kick'>;
  /** Webhooks may point at internal addresses (`WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  clock?: () => Date;
  /** How host names are resolved when a URL is saved (tests pass their own). */
  resolve?: Resolver;
}

const noWebhook = () => AppError.notFound('Webhook');
const MINUTE = 60_000;

/**
 * Refuses a test beyond `webhookLimits.testsPerMinute` in the rolling minute before `now`: 429
 * `rate_limited`, with `Retry-After` the seconds until enough of them leave the minute. The caller
 * holds the lock of the business's webhook row, so simultaneous tests are counted one after the
 * other and none slips past.
 */
async function assertTestAllowed(repo: ReturnType<typeof publishingRepository>, now: Date) {
  const limit = webhookLimits.testsPerMinute;
  const sent = await repo.testsSentSince(new Date(now.getTime() - MINUTE));
  if (sent.length < limit) return;
  const frees = sent[sent.length - limit]!.getTime() + MINUTE;
  const retryAfter = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `At most ${limit} tests a minute: try again in ${retryAfter} s`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * A business's webhook (docs/publishing.md): set, changed, removed, its secret rotated, a test
 * sent, its deliveries listed and re-sent. Every write goes through the unit of work with its
 * audit event (entity `webhook` or `webhook_delivery`); the secret is never audited nor logged,
 * and answered only when it is issued.
 */
export function publishingService(db: Db, deps: PublishingServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const uow = deps.unitOfWork;

  /** The webhook as answered: its row (read once by the caller) and its health. */
  const webhookAnswer = async (repo: ReturnType<typeof publishingRepository>, row: WebhookRow) =>
    toWireWebhook(row, await repo.health());

  async function deliveryAnswer(tx: Executor, row: DeliveryRow): Promise<TWebhookDelivery> {
    const attempts = await attemptsOf(tx, [row.id]);
    return toWireDelivery(row, attempts.get(row.id) ?? []);
  }

  /**
   * Writes on the webhook of a business the caller reaches; `work` gets the business and its
   * repository. The job runner is woken after (a write may have queued a delivery or a publish).
   */
  async function write<T>(
    caller: Caller,
    businessUuid: string,
    work: (
      ctx: WriteContext & {
        business: BusinessRow;
        repo: ReturnType<typeof publishingRepository>;
        now: Date;
      },
    ) => Promise<T>,
  ): Promise<T> {
    policyFor(caller).assert('manage', 'Webhook', 'Integration tokens may not manage the webhook');
    const result = await uow.write(caller, async (ctx) => {
      const business = await reachBusiness(ctx.tx, caller, businessUuid);
      const repo = publishingRepository(ctx.tx, business.uuid);
      return work({ ...ctx, business, repo, now: clock() });
    });
    deps.jobs.kick();
    return result;
  }

  return {
    /** `GET …/webhook`. */
    async get(caller: Caller, businessUuid: string): Promise<TWebhookResponse> {
      policyFor(caller).assert(
        'manage',
        'Webhook',
        'Integration tokens may not manage the webhook',
      );
      const business = await reachBusiness(db, caller, businessUuid);
      const repo = publishingRepository(db, business.uuid);
      const row = await repo.webhook();
      return { webhook: row ? await webhookAnswer(repo, row) : null };
    },

    /**
     * `PUT …/webhook`: sets the URL (checked: http(s), and no internal address unless allowed).
     * A new webhook gets a secret, answered this once; changing the URL keeps the secret.
     */
    async put(caller: Caller, businessUuid: string, url: string): Promise<TWebhookWithSecret> {
      policyFor(caller).assert(
        'manage',
        'Webhook',
        'Integration tokens may not manage the webhook',
      );
      // Another tenant's business is refused before its URL is looked up.
      await reachBusiness(db, caller, businessUuid);
      const refusal = await checkOutgoingUrl(url, {
        allowPrivate: deps.allowPrivate,
        resolve: deps.resolve,
      });
      if (refusal) {
        throw refusal.code === 'invalid_url'
          ? AppError.field('url', 'invalid_format', refusal.message, { format: 'url' })
          : AppError.field('url', refusal.code, refusal.message);
      }
      return write(caller, businessUuid, async ({ repo, record, now }) => {
        const existing = await repo.webhook({ lock: true });
        let secret: string | null = null;
        let row = existing;
        if (!existing) {
          secret = newWebhookSecret();
          row = await repo.insertWebhook(url, secret, now);
          record(businessUuid, {
            action: 'create',
            entity: 'webhook',
            entityId: businessUuid,
            entityName: null,
            changes: {
              url: { before: null, after: url },
              secretPrefix: { before: null, after: secretPrefixOf(secret) },
            },
          });
        } else if (existing.url !== url) {
          row = await repo.updateWebhook({ url }, now);
          record(businessUuid, {
            action: 'update',
            entity: 'webhook',
            entityId: businessUuid,
            entityName: null,
            changes: { url: { before: existing.url, after: url } },
          });
        }
        return { webhook: await webhookAnswer(repo, row!), secret };
      });
    },

    /**
     * `DELETE …/webhook`: its pending deliveries fail, and the approved changes they carried are
     * published without it (as for a business that never had one: not sent).
     */
    async remove(caller: Caller, businessUuid: string): Promise<void> {
      await write(caller, businessUuid, async ({ tx, repo, record, emit, now }) => {
        const existing = await repo.webhook({ lock: true });
        if (!existing) throw noWebhook();
        // A webhook removed no longer fails: the alerts look at once.
        if (await repo.lastAttemptFailed()) emit({ type: SENDING_RECOVERED, businessUuid });
        const pending = await repo.pendingDeliveries();
        await repo.failDeliveries(
          pending.map((d) => d.id),
          now,
        );
        await repo.deleteWebhook();
        record(businessUuid, {
          action: 'delete',
          entity: 'webhook',
          entityId: businessUuid,
          entityName: null,
          changes: { url: { before: existing.url, after: null } },
        });
        await enqueuePublish(deps.jobs, tx, businessUuid);
      });
    },

    /** `POST …/webhook/secret`: a new secret, answered this once; the old one stops signing. */
    async rotateSecret(caller: Caller, businessUuid: string): Promise<TWebhookWithSecret> {
      return write(caller, businessUuid, async ({ repo, record, now }) => {
        const existing = await repo.webhook({ lock: true });
        if (!existing) throw noWebhook();
        const secret = newWebhookSecret();
        const row = await repo.updateWebhook({ secret }, now);
        record(businessUuid, {
          action: 'update',
          entity: 'webhook',
          entityId: businessUuid,
          entityName: null,
          changes: {
            secretPrefix: {
              before: secretPrefixOf(existing.secret),
              after: secretPrefixOf(secret),
            },
          },
        });
        return { webhook: await webhookAnswer(repo, row), secret };
      });
    },

    /**
     * `POST …/webhook/test`: a delivery of kind `test` with no prices, sent now (once: it is never
     * retried). At most `webhookLimits.testsPerMinute` a minute; the next answers 429.
     */
    async sendTest(caller: Caller, businessUuid: string): Promise<TWebhookDelivery> {
      return write(caller, businessUuid, async ({ tx, business, repo, record, now }) => {
        if (!(await repo.webhook({ lock: true }))) throw noWebhook();
        await assertTestAllowed(repo, now);
        const id = randomUUID();
        const row = await repo.insertDelivery({
          id,
          kind: 'test',
          body: deliveryBody(id, 'test', business, now, { ratePlans: [], prices: [] }),
          prices: 0,
          now,
        });
        await enqueueDelivery(deps.jobs, tx, { id, businessUuid });
        record(businessUuid, {
          action: 'create',
          entity: 'webhook_delivery',
          entityId: id,
          entityName: null,
          changes: { kind: { before: null, after: 'test' } },
        });
        return deliveryAnswer(tx, row);
      });
    },

    /** `GET …/webhook/deliveries`: newest first, each with its attempts (newest first). */
    async deliveries(
      caller: Caller,
      businessUuid: string,
      query: { page: number; pageSize: number },
    ): Promise<TWebhookDeliveriesPage> {
      policyFor(caller).assert(
        'manage',
        'Webhook',
        'Integration tokens may not manage the webhook',
      );
      const business = await reachBusiness(db, caller, businessUuid);
      const { rows, total } = await publishingRepository(db, business.uuid).deliveries(
        query.page,
        query.pageSize,
      );
      const attempts = await attemptsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        deliveries: rows.map((row) => toWireDelivery(row, attempts.get(row.id) ?? [])),
        total,
      };
    },

    /**
     * `POST …/webhook/deliveries/{id}/resend`: a delivered or failed delivery is sent again, the
     * same body and id, as a new series of attempts. Its price changes that are still approved
     * and in no other delivery go with it again (published when it arrives). A test re-sent is a
     * test sent: it counts in the tests of the minute.
     */
    async resend(caller: Caller, businessUuid: string, id: string): Promise<TWebhookDelivery> {
      return write(caller, businessUuid, async ({ tx, repo, record, now }) => {
        // The webhook first, then the delivery: the order removing the webhook locks them in.
        const webhook = await repo.webhook({ lock: true });
        const delivery = await repo.delivery(id, { lock: true });
        if (!delivery) throw AppError.notFound('Delivery');
        if (delivery.status === 'pending') {
          throw new AppError('conflict', 'This delivery is still being sent');
        }
        if (!webhook) throw noWebhook();
        if (delivery.kind === 'test') await assertTestAllowed(repo, now);
        const payload = JSON.parse(delivery.body) as TWebhookPayload;
        // A republication of rates (`rates.published`) carries prices already published.
        if (payload.type === 'prices.published') {
          await priceChangesRepository(tx, businessUuid).carryIn(
            id,
            payload.prices.flatMap((p) => (p.priceChangeId === null ? [] : [p.priceChangeId])),
            now,
          );
        }
        const row = await repo.restartDelivery(id, now);
        await enqueueDelivery(deps.jobs, tx, { id, businessUuid });
        record(businessUuid, {
          action: 'update',
          entity: 'webhook_delivery',
          entityId: id,
          entityName: null,
          changes: { status: { before: delivery.status, after: 'pending' } },
        });
        return deliveryAnswer(tx, row);
      });
    },
  };
}
