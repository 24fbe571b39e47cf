import type { TBusiness, TRatePlan } from '@tarifa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessesUrl,
  createBusiness,
  roomInput,
  saveRooms,
} from '../../../test/business-factories';
import { createApiToken } from '../../../test/booking-factories';
import { createUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * Rate plans (docs/rate-plans.md): every property starts with its base plan; derived plans are
 * created, replaced and deleted through the unit of work (versioned, audited); what would break
 * the derivation — a cycle, an unknown parent, a base that stops being one, bounds that cross, a
 * plan past the plan's limit — is refused naming the field, and nothing changes.
 */
describe('rate plans', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let business: TBusiness;
  let dbl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { language: 'en' });
    stranger = await createUser(t);
    business = await createBusiness(t, owner);
    const saved = await saveRooms(t, owner, business, [
      roomInput({ name: 'Double', code: 'DBL', basePrice: 100 }),
    ]);
    dbl = saved.tariffConfiguration.roomsTariff[0]!.uuid;
  });
  afterAll(() => t.close());

  const url = (rest = '', b: { uuid: string } = business) =>
    `${businessesUrl}/${b.uuid}/rate-plans${rest}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    user: TestUser = owner,
  ) => t.app.inject({ method, url: path, headers: user.headers, payload });
  const list = async (b: { uuid: string } = business, user = owner) => {
    const res = await call('GET', url('', b), undefined, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ratePlans as TRatePlan[];
  };
  const base = async () => (await list()).find((plan) => plan.base)!;
  const create = async (ratePlan: object) => {
    const res = await call('POST', url(), { ratePlan });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { ratePlan: TRatePlan; business: TBusiness };
  };
  const refusal = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as {
      error: { code: string; details?: { path: string; code: string }[] };
    };
    return { status: res.statusCode, code: body.error.code, details: body.error.details ?? [] };
  };
  /** The plan as the owner sends it back (the fields of a replace). */
  const fieldsOf = (plan: TRatePlan) => {
    const { uuid: _uuid, base: _base, updatedAt: _updatedAt, ...fields } = plan;
    return fields;
  };

  it('a new property has its base plan, BAR, named in its owner’s language', async () => {
    expect(await list()).toEqual([
      expect.objectContaining({
        code: 'BAR',
        name: 'Best available rate',
        base: true,
        derivedFrom: null,
        board: 'RO',
        cancellationPolicy: 'flexible',
        roomUuids: [],
        active: true,
      }),
    ]);
    const portuguese = await createUser(t, { language: 'pt' });
    const casa = await createBusiness(t, portuguese);
    expect((await list(casa, portuguese)).map((plan) => plan.name)).toEqual([
      'Melhor tarifa disponível',
    ]);
  });

  it('creates, lists in derivation order, replaces and deletes a plan — each a new version, audited', async () => {
    const bar = await base();
    const created = await create({
      name: 'Non-refundable',
      code: 'nr',
      derivedFrom: bar.uuid,
      adjustment: { type: 'percent', value: -10 },
      cancellationPolicy: 'non_refundable',
    });
    expect(created.ratePlan).toMatchObject({
      code: 'NR',
      base: false,
      derivedFrom: bar.uuid,
      adjustment: { type: 'percent', value: -10 },
      board: 'RO',
      boardPricePerGuest: 0,
      cancellationPolicy: 'non_refundable',
      minPrice: null,
      maxPrice: null,
      minStay: null,
      active: true,
    });

    const bb = await create({
      name: 'Bed and breakfast, non-refundable',
      code: 'NRBB',
      derivedFrom: created.ratePlan.uuid,
      adjustment: { type: 'amount', value: 5.5 },
      board: 'BB',
      boardPricePerGuest: 12,
      roomUuids: [dbl],
      minPrice: 60,
      maxPrice: 300,
      minStay: 2,
    });
    expect(bb.business.version).toBe(created.business.version + 1);
    expect((await list()).map((plan) => plan.code)).toEqual(['BAR', 'NR', 'NRBB']);

    const replaced = await call('PUT', url(`/${bb.ratePlan.uuid}`), {
      version: bb.business.version,
      ratePlan: { ...fieldsOf(bb.ratePlan), adjustment: { type: 'percent', value: 12 } },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().ratePlan).toMatchObject({
      adjustment: { type: 'percent', value: 12 },
      boardPricePerGuest: 12,
      minPrice: 60,
      roomUuids: [dbl],
    });
    // A stale version is reported, not saved over.
    const stale = await call('PUT', url(`/${bb.ratePlan.uuid}`), {
      version: bb.business.version,
      ratePlan: { ...fieldsOf(bb.ratePlan), name: 'Lost' },
    });
    expect(refusal(stale)).toMatchObject({ status: 409, code: 'version_conflict' });

    const removed = await call('DELETE', url(`/${bb.ratePlan.uuid}`));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).map((plan) => plan.code)).toEqual(['BAR', 'NR']);

    const trail = await call('GET', `${businessesUrl}/${business.uuid}/audit?entity=rate_plan`);
    expect(trail.statusCode, trail.body).toBe(200);
    const events = (trail.json().events as { action: string; entityName: string }[]).map(
      (e) => `${e.action} ${e.entityName}`,
    );
    expect(events).toEqual(
      expect.arrayContaining([
        'create Non-refundable',
        'create Bed and breakfast, non-refundable',
        'update Bed and breakfast, non-refundable',
        'delete Bed and breakfast, non-refundable',
      ]),
    );
    await call('DELETE', url(`/${created.ratePlan.uuid}`));
  });

  it('refuses a cycle, an unknown parent, a base with a parent and bounds that cross, naming the field and changing nothing', async () => {
    const bar = await base();
    const a = await create({ name: 'A', code: 'A', derivedFrom: bar.uuid });
    const b = await create({ name: 'B', code: 'B', derivedFrom: a.ratePlan.uuid });
    const before = await list();
    const version = b.business.version;

    const cases: [object, string, string, number?][] = [
      // A derived from B, which derives from A.
      [
        { ...fieldsOf(a.ratePlan), derivedFrom: b.ratePlan.uuid },
        'ratePlan.derivedFrom',
        'rate_plan_cycle',
      ],
      [
        { ...fieldsOf(a.ratePlan), derivedFrom: a.ratePlan.uuid },
        'ratePlan.derivedFrom',
        'rate_plan_cycle',
      ],
      [
        { ...fieldsOf(a.ratePlan), derivedFrom: '00000000-0000-4000-8000-000000000000' },
        'ratePlan.derivedFrom',
        'unknown_rate_plan',
      ],
      [{ ...fieldsOf(a.ratePlan), derivedFrom: null }, 'ratePlan.derivedFrom', 'required'],
      [
        { ...fieldsOf(a.ratePlan), minPrice: 90, maxPrice: 80 },
        'ratePlan.maxPrice',
        'max_below_min',
      ],
      [{ ...fieldsOf(a.ratePlan), code: 'b' }, 'ratePlan.code', 'code_taken_rate_plan'],
      [{ ...fieldsOf(a.ratePlan), roomUuids: [bar.uuid] }, 'ratePlan.roomUuids.0', 'unknown_room'],
    ];
    for (const [ratePlan, path, code] of cases) {
      const res = await call('PUT', url(`/${a.ratePlan.uuid}`), { version, ratePlan });
      expect(refusal(res), JSON.stringify(ratePlan)).toMatchObject({
        status: 400,
        details: [expect.objectContaining({ path, code })],
      });
    }
    const baseCases: [object, string, string][] = [
      [
        { ...fieldsOf(bar), derivedFrom: a.ratePlan.uuid },
        'ratePlan.derivedFrom',
        'base_has_parent',
      ],
      [
        { ...fieldsOf(bar), adjustment: { type: 'percent', value: 5 } },
        'ratePlan.adjustment',
        'base_adjusted',
      ],
      [{ ...fieldsOf(bar), minPrice: 50 }, 'ratePlan.minPrice', 'base_bounds'],
      [{ ...fieldsOf(bar), active: false }, 'ratePlan.active', 'base_inactive'],
    ];
    for (const [ratePlan, path, code] of baseCases) {
      const res = await call('PUT', url(`/${bar.uuid}`), { version, ratePlan });
      expect(refusal(res), JSON.stringify(ratePlan)).toMatchObject({
        status: 400,
        details: [expect.objectContaining({ path, code })],
      });
    }
    // A third level below B would be four deep with C: too deep.
    const c = await create({ name: 'C', code: 'C', derivedFrom: b.ratePlan.uuid });
    const tooDeep = await call('POST', url(), {
      ratePlan: { name: 'D', code: 'D', derivedFrom: c.ratePlan.uuid },
    });
    expect(refusal(tooDeep)).toMatchObject({
      status: 400,
      details: [
        expect.objectContaining({ path: 'ratePlan.derivedFrom', code: 'rate_plan_too_deep' }),
      ],
    });

    // Nothing changed: the plans are as they were (C aside), the base too.
    expect((await list()).filter((plan) => plan.code !== 'C')).toEqual(before);

    // A plan others derive from, and the base, stay.
    const parentDelete = await call('DELETE', url(`/${a.ratePlan.uuid}`));
    expect(refusal(parentDelete)).toMatchObject({
      status: 409,
      details: [expect.objectContaining({ code: 'rate_plan_has_derived' })],
    });
    const baseDelete = await call('DELETE', url(`/${bar.uuid}`));
    expect(refusal(baseDelete)).toMatchObject({
      status: 409,
      details: [expect.objectContaining({ code: 'base_rate_plan' })],
    });
    for (const plan of [c, b, a]) {
      expect((await call('DELETE', url(`/${plan.ratePlan.uuid}`))).statusCode).toBe(200);
    }
  });

  it('a Starter property keeps at most 2 rate plans, the base included', async () => {
    const starter = await createUser(t, { plan: 'starter' });
    const hotel = await createBusiness(t, starter);
    const [bar] = await list(hotel, starter);
    const add = (code: string) =>
      call(
        'POST',
        url('', hotel),
        { ratePlan: { name: code, code, derivedFrom: bar!.uuid } },
        starter,
      );
    expect((await add('NR')).statusCode).toBe(201);
    const refused = await add('BB');
    expect(refusal(refused)).toMatchObject({
      status: 403,
      code: 'plan_required',
      details: [expect.objectContaining({ path: 'ratePlan', code: 'plan_limit' })],
    });
    expect((await list(hotel, starter)).map((plan) => plan.code)).toEqual(['BAR', 'NR']);
  });

  it("another owner's property answers 404; an integration token may read but not change", async () => {
    const bar = await base();
    expect((await call('GET', url(), undefined, stranger)).statusCode).toBe(404);
    const post = await call(
      'POST',
      url(),
      { ratePlan: { name: 'X', code: 'X', derivedFrom: bar.uuid } },
      stranger,
    );
    expect(post.statusCode).toBe(404);
    const { token } = await createApiToken(t, owner, business);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: url(), headers })).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: url(),
      headers,
      payload: { ratePlan: { name: 'X', code: 'X', derivedFrom: bar.uuid } },
    });
    expect(write.statusCode).toBe(403);
    expect((await list()).map((plan) => plan.code)).toEqual(['BAR']);
  });
});
