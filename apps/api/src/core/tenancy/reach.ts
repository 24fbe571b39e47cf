import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { businessesRepository, type BusinessRow } from './businesses-repository';
import type { Caller } from './caller';
import { policyFor } from './policy';

/**
 * The live business `uuid` if the caller may work on it, or 404 `not_found`: another tenant's
 * business answers exactly as a missing one, so its existence is not revealed. Pass the
 * transaction as `db` when the answer must hold until it commits.
 */
export async function reachBusiness(
  db: Executor,
  caller: Caller,
  uuid: string,
): Promise<BusinessRow> {
  const row = await businessesRepository(db, policyFor(caller).businessScope()).findLive(uuid);
  if (!row) throw AppError.notFound('Business');
  return row;
}
