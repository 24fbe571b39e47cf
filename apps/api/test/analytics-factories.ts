import { expect } from 'vitest';
import { businessesUrl } from './business-factories';
import type { TestApp } from './helpers';

export const analyticsUrl = (business: { uuid: string }, path: string) =>
  `${businessesUrl}/${business.uuid}/analytics/${path}`;

/** `GET …/analytics/<path>` (with its query) as `user`. */
export const getAnalytics = (
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  path: string,
) => t.app.inject({ method: 'GET', url: analyticsUrl(business, path), headers: user.headers });

/** `GET …/analytics/<path>`, expected to answer 200; answers its body. */
export async function readAnalytics<T>(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  path: string,
): Promise<T> {
  const res = await getAnalytics(t, user, business, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** `GET …/analytics/<path>`, expected to answer 400; answers its details. */
export async function refusedAnalytics(
  t: TestApp,
  user: { headers: Record<string, string> },
  business: { uuid: string },
  path: string,
): Promise<{ path: string; code: string }[]> {
  const res = await getAnalytics(t, user, business, path);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.code).toBe('validation_failed');
  return res.json().error.details;
}
