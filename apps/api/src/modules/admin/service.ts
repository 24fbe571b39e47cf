import {
  adminLimits,
  apiTokenScopes,
  planIds,
  type TAdminBusinessesResponse,
  type TAdminEmailsResponse,
  type TAdminStats,
  type TAdminTokensResponse,
  type TAdminUser,
  type TAdminUserPatch,
  type TAdminUsersResponse,
  type TPlanId,
  type TRole,
} from '@tarifa/contract';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../db/client';
import type { MailService } from '../mail/service';
import { AppError } from '../../lib/errors';
import { notify, notifyOwner } from '../../core/notifications';
import { changePlan } from '../../core/plans';
import type { AuditInput, UnitOfWork } from '../../core/unit-of-work';
import { auditActorOf, writeAccountAudit } from '../../core/unit-of-work/audit';
import { policyFor, type Caller } from '../../core/tenancy';
import { adminRepository, type Page, type UserFilter, type UserRow } from './repository';

const DAY_MS = 86_400_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toAdminUser(row: { user: UserRow; propertiesCount: number }): TAdminUser {
  const { user } = row;
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    roles: user.roles as TRole[],
    plan: user.plan as TPlanId,
    disabled: user.disabledAt !== null,
    propertiesCount: Number(row.propertiesCount),
    lastSignInAt: iso(user.lastSignInAt),
    createdAt: user.createdAt.toISOString(),
  };
}

const pageOf = (query: { page: number; pageSize: number }): Page => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** Monday 00:00 UTC of the week holding `at`. */
function mondayOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

const conflict = (path: 'roles' | 'disabled', code: string, message: string) =>
  new AppError('conflict', message, [{ path, code, message }]);

const isEnabledSuperAdmin = (roles: readonly string[], disabled: boolean) =>
  roles.includes('super-admin') && !disabled;

/**
 * The admin area (docs/admin.md): every account, property and integration token, for a caller
 * whose rules grant `manage Admin` (a super-admin's `manage all`); anyone else is refused with 403
 * `forbidden`. Every change is written with its audit event and the notification of the user it
 * concerns, in one transaction.
 */
export function adminService(
  db: Db,
  options: { clock: Clock; mail?: Pick<MailService, 'list'>; unitOfWork: UnitOfWork },
) {
  const { clock } = options;
  const assertAdmin = (caller: Caller) => policyFor(caller).assert('manage', 'Admin');

  /**
   * Refuses a change that would leave the caller without their own rights, or the application
   * without an enabled super-admin.
   */
  async function guardSuperAdmins(
    tx: Executor,
    caller: Caller,
    target: UserRow,
    after: { roles: readonly string[]; disabled: boolean },
    field: 'roles' | 'disabled',
  ) {
    const before = isEnabledSuperAdmin(target.roles, target.disabledAt !== null);
    if (!before || isEnabledSuperAdmin(after.roles, after.disabled)) return;
    const self = 'user' in caller && caller.user.uuid === target.uuid;
    if (self) {
      throw field === 'roles'
        ? conflict('roles', 'own_role', 'You cannot remove your own super-admin role')
        : conflict('disabled', 'own_account', 'You cannot disable your own account');
    }
    const others = (await adminRepository(tx).lockEnabledSuperAdmins()).filter(
      (uuid) => uuid !== target.uuid,
    );
    if (others.length === 0) {
      throw conflict(field, 'last_super_admin', 'The last super-admin must stay');
    }
  }

  return {
    async listUsers(
      caller: Caller,
      query: UserFilter & { page: number; pageSize: number },
    ): Promise<TAdminUsersResponse> {
      assertAdmin(caller);
      const [rows, total] = await adminRepository(db).listUsers(query, pageOf(query));
      return { users: rows.map(toAdminUser), total };
    },

    async updateUser(caller: Caller, uuid: string, patch: TAdminUserPatch): Promise<TAdminUser> {
      assertAdmin(caller);
      return db.transaction(async (tx) => {
        const repo = adminRepository(tx);
        const found = await repo.findUser(uuid);
        if (!found) throw AppError.notFound('User');
        const target = found.user;
        const actor = auditActorOf(caller);
        const now = clock();
        const roles = patch.roles ?? (target.roles as TRole[]);
        const disabled = patch.disabled ?? target.disabledAt !== null;
        const rolesChange = patch.roles !== undefined && roles.join() !== target.roles.join();
        const disabledChange = disabled !== (target.disabledAt !== null);
        await guardSuperAdmins(
          tx,
          caller,
          target,
          { roles, disabled },
          rolesChange ? 'roles' : 'disabled',
        );

        if (rolesChange) {
          await repo.updateUser(uuid, { roles }, now);
          await writeAccountAudit(tx, uuid, actor, [
            {
              action: 'update',
              entity: 'user',
              entityId: uuid,
              entityName: target.name,
              changes: { roles: { before: target.roles, after: roles } },
            },
          ]);
          await notify(tx, {
            userUuid: uuid,
            kind: 'account_changed',
            params: { change: 'roles' },
          });
        }
        if (disabledChange) {
          const disabledAt = disabled ? now : null;
          await repo.updateUser(uuid, { disabledAt }, now);
          // Signed out everywhere at once: a disabled account's next request answers 401.
          if (disabled) await repo.revokeSessionsOf(uuid, now);
          await writeAccountAudit(tx, uuid, actor, [
            {
              action: disabled ? 'disable' : 'enable',
              entity: 'user',
              entityId: uuid,
              entityName: target.name,
              changes: {
                disabledAt: { before: iso(target.disabledAt), after: iso(disabledAt) },
              },
            },
          ]);
          await notify(tx, {
            userUuid: uuid,
            kind: 'account_changed',
            params: { change: disabled ? 'disabled' : 'enabled' },
          });
        }
        if (patch.plan !== undefined) {
          await changePlan(tx, {
            userUuid: uuid,
            plan: patch.plan,
            // An admin's change keeps the billing interval the user had (monthly by default).
            interval: (target.planInterval as 'monthly' | 'yearly' | null) ?? 'monthly',
            actor,
            provider: { name: 'admin', reference: null },
          });
        }
        return toAdminUser((await repo.findUser(uuid))!);
      });
    },

    async listBusinesses(
      caller: Caller,
      query: { search?: string; page: number; pageSize: number },
    ): Promise<TAdminBusinessesResponse> {
      assertAdmin(caller);
      const [rows, total] = await adminRepository(db).listBusinesses(query.search, pageOf(query));
      return {
        businesses: rows.map((row) => ({
          uuid: row.business.uuid,
          name: row.business.name,
          city: row.business.city,
          country: row.business.country,
          owner: { uuid: row.owner.uuid, name: row.owner.name, email: row.owner.email },
          plan: row.owner.plan as TPlanId,
          roomTypes: Number(row.roomTypes),
          bookings: Number(row.bookings),
          lastImportAt: iso(row.lastImportAt),
          createdAt: row.business.createdAt.toISOString(),
          deletedAt: iso(row.business.deletedAt),
        })),
        total,
      };
    },

    /** The emails sent or kept in the outbox to `to` (or to anyone), newest first. */
    async outbox(
      caller: Caller,
      to: string | undefined,
      limit: number,
    ): Promise<TAdminEmailsResponse> {
      assertAdmin(caller);
      if (!options.mail) throw new Error('The outbox needs the mail service');
      const rows = await options.mail.list({ to, limit });
      return {
        emails: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          kind: row.kind,
          createdAt: row.createdAt.toISOString(),
          sentAt: iso(row.sentAt),
        })),
      };
    },

    async listTokens(caller: Caller): Promise<TAdminTokensResponse> {
      assertAdmin(caller);
      const rows = await adminRepository(db).listLiveTokens();
      return {
        tokens: rows.map(({ token, business, owner }) => ({
          id: token.id,
          name: token.name,
          prefix: token.prefix,
          scopes: apiTokenScopes.filter((scope) => token.scopes.includes(scope)),
          business,
          owner,
          createdAt: token.createdAt.toISOString(),
          lastUsedAt: iso(token.lastUsedAt),
        })),
      };
    },

    /** Revokes any business's token; audited on that business, its owner notified. */
    async revokeToken(caller: Caller, id: string): Promise<void> {
      assertAdmin(caller);
      await db.transaction(async (tx) => {
        const now = clock();
        const token = await adminRepository(tx).revokeToken(id, now);
        if (!token) throw AppError.notFound('Token');
        const revoked: AuditInput = {
          action: 'revoke',
          entity: 'token',
          entityId: token.id,
          entityName: token.name,
          changes: { revokedAt: { before: null, after: now.toISOString() } },
        };
        await options.unitOfWork.flushIn(
          tx,
          caller,
          new Map([[token.businessUuid, [revoked]]]),
          [],
        );
        await notifyOwner(tx, token.businessUuid, {
          kind: 'account_changed',
          params: { change: 'token_revoked', token: token.name },
        });
      });
    },

    async stats(caller: Caller): Promise<TAdminStats> {
      assertAdmin(caller);
      const repo = adminRepository(db);
      const thisMonday = mondayOf(clock());
      const since = new Date(thisMonday.getTime() - (adminLimits.statsWeeks - 1) * 7 * DAY_MS);
      const [totals, counted] = await Promise.all([repo.totals(), repo.weekly(since)]);
      const byWeek = new Map(counted.map((entry) => [entry.week, entry]));
      const weeks = Array.from({ length: adminLimits.statsWeeks }, (_, i) => {
        const week = new Date(since.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
        return byWeek.get(week) ?? { week, signUps: 0, imports: 0, bookings: 0 };
      });
      const plans = Object.fromEntries(planIds.map((id) => [id, 0])) as Record<TPlanId, number>;
      for (const { plan, count } of totals.plans) plans[plan] = count;
      return { totals: { ...totals, plans }, weeks };
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
