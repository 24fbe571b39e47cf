import {
  apiTokenScopes,
  bookingLimits,
  type TApiTokenScope,
  integrationTokenPrefix,
  type TApiToken,
  type TCreateApiTokenBody,
  type TCreatedApiToken,
} from '@tarifa/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/secrets';
import { actorOf, reachBusiness, type Caller } from '../../core/tenancy';
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
export function tokensService(db: Db, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());

  async function repoFor(caller: Caller, businessUuid: string) {
    const business = await reachBusiness(db, caller, businessUuid);
    return apiTokensRepository(db, business.uuid);
  }

  return {
    async list(caller: Caller, businessUuid: string): Promise<TApiToken[]> {
      return (await (await repoFor(caller, businessUuid)).listLive()).map(toApiToken);
    },

    async create(
      caller: Caller,
      businessUuid: string,
      body: TCreateApiTokenBody,
    ): Promise<TCreatedApiToken> {
      const repo = await repoFor(caller, businessUuid);
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
      return { token, apiToken: toApiToken(row) };
    },

    async revoke(caller: Caller, businessUuid: string, id: string): Promise<void> {
      const repo = await repoFor(caller, businessUuid);
      if (!(await repo.revoke(id, clock()))) throw AppError.notFound('Token');
    },
  };
}
export type TokensService = ReturnType<typeof tokensService>;
