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

/**
 * A season of `percent` over nights `from`…`to` (every room type, every weekday), created through
 * the API as the owner: the price changes it moves wait for approval.
 */
export async function addSeason(
  request: APIRequestContext,
  owner: Pick<Owner, 'businessUuid' | 'headers'>,
  { name, from, to, percent }: { name: string; from: string; to: string; percent: number },
) {
  const season = await request.post(
    `/api/v1/businesses/${owner.businessUuid}/tariff-configuration/sazonalities`,
    {
      headers: owner.headers,
      data: {
        sazonality: {
          name,
          color: '#f4511e',
          startDate: from,
          endDate: to,
          weekdays: [],
          roomUuids: [],
          adjustmentType: 'percent',
          value: percent,
          priority: 1,
        },
      },
    },
  );
  expect(season.status(), await season.text()).toBe(201);
}
