import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/factories';
import { SUPPORT_LIMIT } from './service';

describe('POST /api/v1/support/messages', () => {
  let t: TestApp;
  let ana: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana Hoteleira' });
  });
  afterAll(() => t.close());

  const valid = {
    name: 'Ana Hoteleira',
    email: 'ana@example.test',
    topic: 'seasons',
    message: 'How do I make a season apply only on weekends?',
  };
  const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/support/messages', payload, headers });
  const storedFor = (userUuid: string) =>
    t.database.db.select().from(supportMessages).where(eq(supportMessages.userUuid, userUuid));

  it('answers 401 without a token, and stores nothing', async () => {
    const before = await t.database.db.select().from(supportMessages);
    const res = await send(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(await t.database.db.select().from(supportMessages)).toHaveLength(before.length);
  });

  it.each([
    ['message', { message: 'short' }, 'too_short'],
    ['email', { email: 'not-an-email' }, 'invalid_email'],
    ['topic', { topic: 'gossip' }, undefined],
    ['name', { name: '   ' }, 'required'],
  ])('answers 400 naming the field %s, and stores nothing', async (field, change, code) => {
    const res = await send({ ...valid, ...change }, ana.headers);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual([field]);
    if (code) expect(error.details[0].code).toBe(code);
    expect(await storedFor(ana.userData.uuid)).toHaveLength(0);
  });

  it('answers 400 naming a missing field', async () => {
    const { message: _omitted, ...rest } = valid;
    const res = await send(rest, ana.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject([{ path: 'message' }]);
  });

  it('stores the message for the signed-in user and answers 201', async () => {
    const res = await send({ ...valid, message: `  ${valid.message}  ` }, ana.headers);
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message).toMatchObject({ topic: 'seasons' });
    const rows = await storedFor(ana.userData.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: message.id,
      name: 'Ana Hoteleira',
      email: 'ana@example.test',
      topic: 'seasons',
      message: valid.message,
      handledAt: null,
    });
    expect(rows[0]!.createdAt.toISOString()).toBe(new Date(message.createdAt).toISOString());
  });

  it('answers 429 with Retry-After once a user sends too many in a short time', async () => {
    const bob = await createUser(t);
    for (let i = 0; i < SUPPORT_LIMIT.messages; i += 1) {
      expect((await send(valid, bob.headers)).statusCode).toBe(201);
    }
    const res = await send(valid, bob.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedFor(bob.userData.uuid)).toHaveLength(SUPPORT_LIMIT.messages);
  });
});
