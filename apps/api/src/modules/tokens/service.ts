import {
  apiTokenScopes,
  bookingLimits,
  type TApiTokenScope,
  integrationTokenPrefix,
  type TApiToken,
  type TCreateApiTokenBody,
  type TCreatedApiToken,
} from '@tarifa/contract';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/secrets';
import { actorOf, reachBusiness, type Caller } from '../../core/tenancy';
import type { UnitOfWork } from '../../core/unit-of-work';
import { apiTokensRepository, type ApiTokenRow } from './repository';

/** Characters of a token kept in clear to tell tokens apart: `trf_` and 8 more. */
const prefixLength = integrationTokenPrefix.length + 8;

export function toApiToken(row: ApiTokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    // In the order of `apiTokenScopes`, whatever order they were asked in.
    scopes: apiTokenScopes.filter((scope) => row.scopes.includes(scope)),
  };
}

/**
 * Integration tokens of a business (docs/bookings.md, "Integration tokens"): created by whoever
 * manages the business, shown once, stored as their SHA-256, revoked for good.
 */
export function tokensService(db: Db, options: { clock: () => Date; unitOfWork: UnitOfWork }) {
  const { clock } = options;
  const uow = options.unitOfWork;

  async function repoFor(executor: Executor, caller: Caller, businessUuid: string) {
    const business = await reachBusiness(executor, caller, businessUuid);
    return apiTokensRepository(executor, business.uuid);
  }

  /** A token's audit event: created or revoked, by its id and name (docs/audit.md). */
  const tokenEvent = (
    row: ApiTokenRow,
    action: 'create' | 'revoke',
    changes: Record<string, { before: unknown; after: unknown }>,
  ) => ({ action, entity: 'token', entityId: row.id, entityName: row.name, changes });

  return {
    async list(caller: Caller, businessUuid: string): Promise<TApiToken[]> {
      return (await (await repoFor(db, caller, businessUuid)).listLive()).map(toApiToken);
    },

    async create(
      caller: Caller,
      businessUuid: string,
      body: TCreateApiTokenBody,
    ): Promise<TCreatedApiToken> {
      return uow.write(caller, async ({ tx, record }) => {
        const repo = await repoFor(tx, caller, businessUuid);
        if ((await repo.countLive()) >= bookingLimits.tokensMax) {
          throw new AppError('conflict', 'This business has as many tokens as allowed', [
            {
              path: '',
              code: 'too_many',
              params: { maximum: bookingLimits.tokensMax },
              message: `Revoke a token first: at most ${bookingLimits.tokensMax}`,
            },
          ]);
        }
        const token = `${integrationTokenPrefix}${newSecret()}`;
        const row = await repo.insert({
          name: body.name.trim(),
          prefix: token.slice(0, prefixLength),
          tokenHash: hashSecret(token),
          createdBy: actorOf(caller),
          scopes: [...new Set<TApiTokenScope>(body.scopes ?? apiTokenScopes)],
        });
        const created = toApiToken(row);
        record(
          repo.businessUuid,
          tokenEvent(row, 'create', {
            name: { before: null, after: created.name },
            prefix: { before: null, after: created.prefix },
            scopes: { before: null, after: created.scopes },
          }),
        );
        return { token, apiToken: created };
      });
    },

    async revoke(caller: Caller, businessUuid: string, id: string): Promise<void> {
      await uow.write(caller, async ({ tx, record }) => {
        const repo = await repoFor(tx, caller, businessUuid);
        const row = await repo.revoke(id, clock());
        if (!row) throw AppError.notFound('Token');
        record(
          repo.businessUuid,
          tokenEvent(row, 'revoke', {
            revokedAt: { before: null, after: row.revokedAt!.toISOString() },
          }),
        );
      });
    },
  };
}
export type TokensService = ReturnType<typeof tokensService>;
