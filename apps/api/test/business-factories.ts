import type {
  TBusiness,
  TCreateBusinessBodyInput,
  TFluctuationLevelFieldsInput,
  TRoomTariffFields,
  TSazonalityFieldsInput,
} from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from './helpers';
import type { TestUser } from './factories';
import { auditEvents, businesses, roomTypes } from '../src/db/schema';

export const businessesUrl = '/api/v1/businesses';
export const tariffUrl = (business: { uuid: string }, part: string) =>
  `${businessesUrl}/${business.uuid}/tariff-configuration/${part}`;

/** A business created through the real call; answers the created business. */
export async function createBusiness(
  t: TestApp,
  owner: TestUser,
  body: Partial<TCreateBusinessBodyInput> = {},
): Promise<TBusiness> {
  const name = body.name ?? `Casa ${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: businessesUrl,
    headers: owner.headers,
    payload: { ...body, name },
  });
  if (res.statusCode !== 201) throw new Error(`creating the test business failed: ${res.body}`);
  const created = (res.json().businesses as TBusiness[]).find((b) => b.name === name);
  if (!created) throw new Error('the created business is not in the answer');
  return created;
}

export function roomInput(overrides: Partial<TRoomTariffFields> = {}): TRoomTariffFields {
  return {
    name: 'Double room',
    code: 'DBL',
    rooms: 10,
    basePrice: 100,
    minPrice: 60,
    maxPrice: 250,
    derivedFrom: null,
    ...overrides,
  };
}

/** Saves the full rooms-tariff list; answers the updated business. */
export async function saveRooms(
  t: TestApp,
  owner: TestUser,
  business: { uuid: string },
  roomsTariff: TRoomTariffFields[],
): Promise<TBusiness> {
  const res = await t.app.inject({
    method: 'POST',
    url: tariffUrl(business, 'rooms-tariff'),
    headers: owner.headers,
    payload: { roomsTariff },
  });
  if (res.statusCode !== 200) throw new Error(`saving rooms failed: ${res.body}`);
  return res.json().business as TBusiness;
}

export function groupInput(
  overrides: Partial<TFluctuationLevelFieldsInput> = {},
): TFluctuationLevelFieldsInput {
  return {
    name: 'Occupancy steps',
    roomUuids: [],
    levels: [
      { occupancyFrom: 0, adjustmentPercent: -10 },
      { occupancyFrom: 50, adjustmentPercent: 0 },
      { occupancyFrom: 80, adjustmentPercent: 15.5 },
    ],
    ...overrides,
  };
}

export function sazonalityInput(
  overrides: Partial<TSazonalityFieldsInput> = {},
): TSazonalityFieldsInput {
  return {
    name: 'Summer',
    color: '#ff9900',
    startDate: '2026-06-15',
    endDate: '2026-09-15',
    weekdays: [],
    roomUuids: [],
    adjustmentType: 'percent',
    value: 20,
    priority: 1,
    ...overrides,
  };
}

/** Straight from the database, to check what a call really stored. */
export const stored = {
  business: async (t: TestApp, uuid: string) =>
    (await t.database.db.select().from(businesses).where(eq(businesses.uuid, uuid)))[0],
  roomTypes: (t: TestApp, businessUuid: string) =>
    t.database.db.select().from(roomTypes).where(eq(roomTypes.businessUuid, businessUuid)),
  auditEvents: (t: TestApp, businessUuid: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.businessUuid, businessUuid))
      .orderBy(auditEvents.seq),
};
