import { expect, type APIRequestContext } from '@playwright/test';
import type { Owner } from './auth';

/**
 * How many of the owner's price changes a filter of the list matches (`status=pending`,
 * `stage=waiting`…), read through the API as the owner.
 */
export async function changesMatching(
  request: APIRequestContext,
  owner: Pick<Owner, 'businessUuid' | 'headers'>,
  filter: string,
): Promise<number> {
  const res = await request.get(
    `/api/v1/businesses/${owner.businessUuid}/price-changes?${filter}&pageSize=1`,
    { headers: owner.headers },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}
