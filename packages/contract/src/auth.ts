import { z } from 'zod';
import { locales } from './locales';
import { actions, memberRoles, roles, subjects } from './permissions';
import { planIds } from './plans';

/** Accounts and sessions (docs/auth.md). The wire names are these, as the API answers them. */

/** An e-mail address, trimmed; `format: email` in the API's documentation. */
export const ZEmail = z.string().trim().min(1).max(254).email();

export const passwordRules = { minLength: 10, maxLength: 200 } as const;

/** Character classes a password can draw from; one class alone is too easy to guess. */
export function passwordClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
}

export const ZPassword = z
  .string()
  .min(passwordRules.minLength)
  .max(passwordRules.maxLength)
  .refine((password) => passwordClasses(password) >= 2, {
    message: 'Mix at least two kinds of characters: lower case, upper case, digits, symbols',
    params: { code: 'password_one_class' },
  });

export const ZPersonName = z.string().trim().min(1).max(120);
export const ZLocale = z.enum(locales);

export const ZUser = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  profile_img_filename: z.string().nullable(),
  roles: z.array(z.enum(roles)),
  language: ZLocale,
  /** The subscription plan (docs/plans.md); the server enforces it, the web app shows it. */
  plan: z.enum(planIds),
  /**
   * The properties the user is a team member of (not their owner), the role on each and the
   * plan each works on (docs/members.md): in the signed-in user's own answers, where its rules are built from them.
   */
  memberships: z
    .array(
      z.object({
        businessUuid: z.uuid(),
        role: z.enum(memberRoles),
        /** The plan the property works on: its owner's. */
        plan: z.enum(planIds),
      }),
    )
    .optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZAbilityRule = z.object({
  action: z.union([z.enum(actions), z.array(z.enum(actions))]),
  subject: z.union([z.enum(subjects), z.array(z.enum(subjects))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

export const ZAuthResponse = z.object({
  accessToken: z.string(),
  userData: ZUser,
  userAbilityRules: z.array(ZAbilityRule),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZRegisterBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZPassword,
  language: ZLocale.optional(),
});
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: z.string().min(1).max(passwordRules.maxLength),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBody>;

export const ZResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: ZPassword,
});
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(passwordRules.maxLength),
  newPassword: ZPassword,
});
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/**
 * `PUT /api/v1/users/{uuid}` takes the user as the API returned it: only `name` and `language`
 * change; read-only fields (uuid, email, roles, profile_img_filename) are ignored.
 */
export const ZUpdateUserBody = z.object({
  name: ZPersonName.optional(),
  language: ZLocale.optional(),
});
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

export const ZUserEnvelope = z.object({ user: ZUser });
/**
 * `GET /api/auth/user`: the signed-in user, and the rules it holds now (its memberships change
 * them: the web app replaces the rules it stored at sign-in with these).
 */
export const ZUserDataEnvelope = z.object({
  data: ZUser,
  userAbilityRules: z.array(ZAbilityRule),
});

export const ZSession = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;
export const ZSessionsResponse = z.object({ sessions: z.array(ZSession) });

/** Avatar uploads (`POST /api/v1/users/{uuid}/avatar`, multipart field `file`), checked by content. */
export const avatarRules = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** Where the image of a user's `profile_img_filename` is served (public; the name is unguessable). */
export function avatarUrl(filename: string): string {
  return `/api/avatars/${encodeURIComponent(filename)}`;
}

/** `GET /api/v1/admin/emails?to=`: the emails Tarifa sent or kept in its outbox, newest first. */
export const ZAdminEmailsQuery = z.object({ to: ZEmail.optional() });
export const ZAdminEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TAdminEmail = z.infer<typeof ZAdminEmail>;
export const ZAdminEmailsResponse = z.object({ emails: z.array(ZAdminEmail) });
export type TAdminEmailsResponse = z.infer<typeof ZAdminEmailsResponse>;
