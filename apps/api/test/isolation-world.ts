import {
  apiTokenScopes,
  memberRoles,
  type TApiTokenScope,
  type TBusiness,
  type TMemberRole,
} from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import {
  autopilotSuggestions,
  channelConnections,
  fluctuationGroups,
  rateRuleChanges,
  sazonalities,
} from '../src/db/schema';
import { createUser, type TestUser } from './factories';
import type { TestApp } from './helpers';
import { businessesUrl, createBusiness, groupInput, sazonalityInput } from './business-factories';
import {
  bookingInput,
  multipartBody,
  postImport,
  saveBookings,
  storedBookings,
  tokensUrl,
  withRooms,
} from './booking-factories';
import { insertChanges, setOverrides, tariffCall } from './price-change-factories';
import { invite, joinTeam } from './member-factories';

/**
 * Two tenants for the isolation walk (`isolation.test.ts`): owner A with a business holding one
 * of everything a route can address by id, owner B with a business of their own, a super-admin,
 * and integration tokens. Everything is made through the real calls (price changes excepted:
 * the recomputation writes them), and the jobs are drained, so the world is at rest before the
 * walk.
 */
export interface IsolationWorld {
  ownerA: TestUser;
  businessA: TBusiness;
  /** A's ids, by what they are. */
  idsA: {
    roomType: string;
    fluctuationGroup: string;
    sazonality: string;
    event: string;
    photo: string;
    booking: string;
    import: string;
    apiToken: string;
    delivery: string;
    competitor: string;
    ratePlan: string;
    rateRuleChange: string;
    channel: string;
    autopilotSuggestion: string;
    session: string;
    notification: string;
    /** A's viewer (a member's user uuid). */
    member: string;
    /** An invitation to A's team, waiting. */
    invitation: string;
  };
  /** A member of A's team in each role. */
  membersA: Record<TMemberRole, TestUser>;
  ownerB: TestUser;
  /** A manager of B's business: a member, but not of A's. */
  memberB: TestUser;
  businessB: TBusiness;
  admin: TestUser;
  /** A token of B's business holding every scope. */
  tokenB: string;
  /**
   * Tokens of A's business, one for each set of scopes short of all (by the scopes joined with
   * `,` in the contract's order): a route of a scope is called with the token lacking it.
   */
  tokensA: Map<string, string>;
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a small photo'),
]);

async function call(
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: user.headers, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.body}`);
  return res.json();
}

/** Every non-empty set of scopes that is not all of them, each in the contract's order. */
function partialScopeSets(): TApiTokenScope[][] {
  const sets: TApiTokenScope[][] = [];
  for (let mask = 1; mask < (1 << apiTokenScopes.length) - 1; mask++) {
    sets.push(apiTokenScopes.filter((_, i) => mask & (1 << i)));
  }
  return sets;
}

async function createToken(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  scopes: readonly TApiTokenScope[],
) {
  const created = await call(t, owner, 'POST', tokensUrl(business), {
    name: `Token ${scopes.join('+') || 'none'}`,
    scopes,
  });
  return created.token as string;
}

export async function buildIsolationWorld(t: TestApp): Promise<IsolationWorld> {
  const ownerA = await createUser(t, { name: 'Alice Owner' });
  const businessA = await createBusiness(t, ownerA, { name: 'Casa Alice' });
  const url = (rest: string) => `${businessesUrl}/${businessA.uuid}${rest}`;
  const rooms = await withRooms(t, ownerA, businessA);
  const roomType = rooms.DBL!;
  await tariffCall(t, ownerA, businessA, 'fluctuation-levels', 'POST', {
    fluctuationLevel: groupInput(),
  });
  await tariffCall(t, ownerA, businessA, 'sazonalities', 'POST', {
    sazonality: sazonalityInput(),
  });
  const event = await call(t, ownerA, 'POST', url('/events'), {
    event: { name: 'Festival', startDate: '2026-08-05', endDate: '2026-08-07' },
  });
  await saveBookings(t, ownerA, businessA, [bookingInput({ externalId: 'A-1' })]);
  await setOverrides(t, ownerA, businessA, [
    { roomUuid: roomType, from: '2026-08-01', to: '2026-08-02', price: 130 },
  ]);
  await insertChanges(t, businessA.uuid, [{ roomUuid: roomType, night: '2026-08-10' }]);
  const competitor = (
    await call(t, ownerA, 'POST', url('/competitors'), {
      name: 'Hotel Rival',
      roomMappings: [{ category: 'Double', roomUuid: roomType }],
    })
  ).competitor.uuid as string;
  const ratePlans = (await call(t, ownerA, 'GET', url('/rate-plans'))).ratePlans as {
    uuid: string;
  }[];
  const ratePlan = (
    await call(t, ownerA, 'POST', url('/rate-plans'), {
      ratePlan: { name: 'Non-refundable', code: 'NR', derivedFrom: ratePlans[0]!.uuid },
    })
  ).ratePlan.uuid as string;
  // A change of A's rate rules waiting for A (as an edit after A's first publication leaves).
  const noRules = { ratePlans: [], rooms: [], guests: null, lengthOfStay: [] };
  const [ruleChange] = await t.database.db
    .insert(rateRuleChanges)
    .values({ businessUuid: businessA.uuid, rules: noRules, beforeRules: noRules })
    .returning();
  const rateRuleChange = ruleChange!.id;
  // A's connection to an OpenTravel system (stored as made; its credentials are never opened).
  const [connection] = await t.database.db
    .insert(channelConnections)
    .values({
      businessUuid: businessA.uuid,
      provider: 'opentravel',
      name: 'Hotel system',
      settings: { propertyId: 'H-1', endpoint: 'http://127.0.0.1:9/ota' },
      credentials: 'v1.sealed.for.isolation.only',
      credentialsHint: '…only',
    })
    .returning();
  // A's latest autopilot suggestion (unsure: it reads without a proposal to preview).
  const [suggestion] = await t.database.db
    .insert(autopilotSuggestions)
    .values({
      businessUuid: businessA.uuid,
      status: 'unsure',
      result: { status: 'unsure', reason: 'too_few_bookings', bookings: 1, nights: 365 },
    })
    .returning();
  await call(t, ownerA, 'PUT', url('/competitor-rates'), {
    rates: [{ competitorUuid: competitor, category: 'Double', date: '2026-08-01', price: 140 }],
  });

  const photo = multipartBody({}, [
    { content: png, filename: 'front.png', contentType: 'image/png' },
  ]);
  const photoRes = await t.app.inject({
    method: 'POST',
    url: url('/photos'),
    headers: { ...ownerA.headers, ...photo.headers },
    payload: photo.payload,
  });
  if (photoRes.statusCode !== 201) throw new Error(`photo upload failed: ${photoRes.body}`);

  const imported = await postImport(
    t,
    ownerA,
    businessA,
    'external_id,room_code,arrival,departure,total_amount\nI-1,DBL,2025-08-01,2025-08-03,180\n',
    { format: 'tarifa' },
  );
  if (imported.statusCode !== 202) throw new Error(`import refused: ${imported.body}`);
  const importId = imported.json().importId as string;

  await call(t, ownerA, 'PUT', url('/webhook'), { url: 'http://127.0.0.1:9/prices' });
  const delivery = (await call(t, ownerA, 'POST', url('/webhook/test'))).delivery.id as string;
  const tokensA = new Map<string, string>();
  for (const scopes of partialScopeSets()) {
    tokensA.set(scopes.join(','), await createToken(t, ownerA, businessA, scopes));
  }
  const membersA = {} as Record<TMemberRole, TestUser>;
  for (const role of memberRoles) {
    membersA[role] = await joinTeam(t, ownerA, businessA, role, { name: `Member ${role}` });
  }
  const invitation = await invite(t, ownerA, businessA, 'invited@example.test', 'viewer');
  if (invitation.statusCode !== 201) throw new Error(`inviting failed: ${invitation.body}`);
  // The import runs, notifies A and the test delivery is tried (and fails: nothing listens).
  await t.app.jobs.drain();

  const ownerB = await createUser(t, { name: 'Bruno Owner' });
  const businessB = await createBusiness(t, ownerB, { name: 'Casa Bruno' });
  const [group] = await t.database.db
    .select()
    .from(fluctuationGroups)
    .where(eq(fluctuationGroups.businessUuid, businessA.uuid));
  const [season] = await t.database.db
    .select()
    .from(sazonalities)
    .where(eq(sazonalities.businessUuid, businessA.uuid));
  const memberB = await joinTeam(t, ownerB, businessB, 'manager', { name: 'Member of B' });
  const business = (await call(t, ownerA, 'GET', url(''))).business as TBusiness;
  const tokens = await call(t, ownerA, 'GET', url('/tokens'));
  const sessions = await call(t, ownerA, 'GET', '/api/v1/auth/sessions');
  const notifications = await call(t, ownerA, 'GET', '/api/v1/notifications');

  return {
    ownerA,
    businessA: business,
    idsA: {
      roomType,
      fluctuationGroup: group!.uuid,
      sazonality: season!.id,
      event: event.event.id as string,
      photo: business.photos[0]!.id,
      booking: (await storedBookings(t, businessA.uuid))[0]!.id,
      import: importId,
      apiToken: tokens.apiTokens[0].id,
      delivery,
      competitor,
      ratePlan,
      rateRuleChange,
      channel: connection!.uuid,
      autopilotSuggestion: suggestion!.id,
      session: sessions.sessions[0].id,
      notification: notifications.notifications[0].id,
      member: membersA.viewer.userData.uuid,
      invitation: invitation.json().id as string,
    },
    membersA,
    ownerB,
    memberB,
    businessB,
    admin: await createUser(t, { name: 'Sara Admin', roles: ['super-admin'] }),
    tokenB: await createToken(t, ownerB, businessB, apiTokenScopes),
    tokensA,
  };
}
