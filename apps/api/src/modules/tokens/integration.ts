import { integrationTokenPrefix, type TApiTokenScope } from '@tarifa/contract';
import type { Clock } from '../../core/clock';
import type { CredentialResolver, RequestCaller } from '../../core/auth';
import { assertFeature } from '../../core/plans';
import type { Db } from '../../db/client';
import { hashSecret } from '../../lib/secrets';
import { toUser } from '../auth/service';
import { tokenAuthRepository } from './repository';

/** The last use is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

export const isIntegrationToken = (token: string) => token.startsWith(integrationTokenPrefix);

/**
 * Integration tokens (`trf_…`) as a kind of bearer credential (wired in `app.ts`): a live token
 * becomes a caller acting for its business's owner, with the rules of its scopes on that one
 * business (`tokenAbilityRulesFor`); the policy decides the rest, as for a user. Unknown or
 * revoked, or an owner disabled → 401. Once allowed, an owner whose plan lacks
 * `integrationTokens` → 403 `plan_required` (after a downgrade, the tokens stop working), and the
 * last use is recorded.
 */
export function integrationTokens(db: Db, clock: Clock): CredentialResolver {
  const repo = tokenAuthRepository(db);
  const lastUse = new WeakMap<RequestCaller, Date | null>();
  return {
    accepts: isIntegrationToken,

    async resolve(token) {
      const found = await repo.findByHash(hashSecret(token));
      if (!found || found.token.revokedAt || found.owner.disabledAt) return undefined;
      const caller: RequestCaller = {
        user: toUser(found.owner),
        sessionId: `token:${found.token.id}`,
        integration: {
          tokenId: found.token.id,
          businessUuid: found.token.businessUuid,
          scopes: found.token.scopes as TApiTokenScope[],
        },
      };
      lastUse.set(caller, found.token.lastUsedAt);
      return caller;
    },

    async admit(caller) {
      assertFeature(caller.user.plan, 'integrationTokens');
      const now = clock();
      const last = lastUse.get(caller);
      if (!last || now.getTime() - last.getTime() > TOUCH_EVERY_MS) {
        await repo.touch(caller.integration!.tokenId, now);
      }
    },
  };
}
