import { z } from 'zod';
import { ZIsoDateTime, optionalQuery, queryInt } from './internal';
import { roles } from './permissions';
import { planIds } from './plans';
import { apiTokenScopes } from './tokens';

/**
 * The admin area's calls (`/api/v1/admin/*`, docs/admin.md). Super-admin only: anyone else gets
 * 403 `forbidden` before the request is read. Every change made here is audited and the user it
 * concerns is notified.
 */

export const adminLimits = { pageSizeMax: 100, searchMax: 200, statsWeeks: 12 } as const;

const page = {
  page: queryInt(1).default(1),
  pageSize: queryInt(1, adminLimits.pageSizeMax).default(25),
};
const ZSearch = optionalQuery(z.string().max(adminLimits.searchMax));
const ZQueryBoolean = optionalQuery(z.enum(['true', 'false'])).transform((v) =>
  v === undefined ? undefined : v === 'true',
);

/** `GET /api/v1/admin/users?search&role&disabled&plan&page&pageSize` (search: name or email). */
export const ZAdminUsersQuery = z.object({
  search: ZSearch,
  role: optionalQuery(z.enum(roles)),
  disabled: ZQueryBoolean,
  plan: optionalQuery(z.enum(planIds)),
  ...page,
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(roles)),
  plan: z.enum(planIds),
  disabled: z.boolean(),
  /** Properties the user owns (deleted ones not counted). */
  propertiesCount: z.number().int(),
  lastSignInAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersResponse = z.object({
  users: z.array(ZAdminUser),
  total: z.number().int(),
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/**
 * `PATCH /api/v1/admin/users/{uuid}`: any of `roles`, `disabled`, `plan`. Disabling ends the user's
 * sessions at once and blocks sign-in. A super-admin cannot remove their own role or disable
 * themselves, and the last super-admin cannot be demoted (409 `conflict`, the field named).
 */
export const ZAdminUserPatch = z
  .object({
    roles: z
      .array(z.enum(roles))
      .length(1, { message: 'An account holds exactly one role' })
      .optional(),
    disabled: z.boolean().optional(),
    plan: z.enum(planIds).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Change at least one of roles, disabled, plan',
    params: { code: 'required' },
    path: ['roles'],
  });
export type TAdminUserPatch = z.input<typeof ZAdminUserPatch>;
export const ZAdminUserResponse = z.object({ user: ZAdminUser });

/** `GET /api/v1/admin/businesses?search&page&pageSize` (search: property, owner's name or email). */
export const ZAdminBusinessesQuery = z.object({ search: ZSearch, ...page });
export type TAdminBusinessesQuery = z.input<typeof ZAdminBusinessesQuery>;

export const ZAdminBusiness = z.object({
  uuid: z.uuid(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  owner: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  plan: z.enum(planIds),
  roomTypes: z.number().int(),
  bookings: z.number().int(),
  lastImportAt: ZIsoDateTime.nullable(),
  createdAt: ZIsoDateTime,
  /** Set when the owner deleted it (restorable for a while). */
  deletedAt: ZIsoDateTime.nullable(),
});
export type TAdminBusiness = z.infer<typeof ZAdminBusiness>;
export const ZAdminBusinessesResponse = z.object({
  businesses: z.array(ZAdminBusiness),
  total: z.number().int(),
});
export type TAdminBusinessesResponse = z.infer<typeof ZAdminBusinessesResponse>;

/** `GET /api/v1/admin/tokens`: every live integration token, never its secret. */
export const ZAdminToken = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  business: z.object({ uuid: z.uuid(), name: z.string() }),
  owner: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  createdAt: ZIsoDateTime,
  lastUsedAt: ZIsoDateTime.nullable(),
});
export type TAdminToken = z.infer<typeof ZAdminToken>;
export const ZAdminTokensResponse = z.object({ tokens: z.array(ZAdminToken) });
export type TAdminTokensResponse = z.infer<typeof ZAdminTokensResponse>;

/** `GET /api/v1/admin/stats`: totals now, and per ISO week (Monday, UTC) for the last 12 weeks. */
export const ZAdminStats = z.object({
  totals: z.object({
    users: z.number().int(),
    disabledUsers: z.number().int(),
    properties: z.number().int(),
    bookings: z.number().int(),
    activeTokens: z.number().int(),
    /** Users per plan. */
    plans: z.record(z.enum(planIds), z.number().int()),
  }),
  weeks: z.array(
    z.object({
      /** Monday of the week, `YYYY-MM-DD`. */
      week: z.string(),
      signUps: z.number().int(),
      imports: z.number().int(),
      bookings: z.number().int(),
    }),
  ),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;
