import { z } from 'zod';
import { locales } from './locales';
import { actions, roles, subjects } from './permissions';

/** Accounts and sessions (DESIGN.md §2 "Auth and users"). Wire names are the contract's. */

export const emailSchema = z.string().trim().min(1).max(254).pipe(z.email());

export const passwordRules = { minLength: 10, maxLength: 200 } as const;

/** Character classes a password can draw from; one class alone is too easy to guess. */
export function passwordClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
}

export const passwordSchema = z
  .string()
  .min(passwordRules.minLength)
  .max(passwordRules.maxLength)
  .refine((password) => passwordClasses(password) >= 2, {
    message: 'Mix at least two kinds of characters: lower case, upper case, digits, symbols',
    params: { code: 'password_one_class' },
  });

export const personNameSchema = z.string().trim().min(1).max(120);
export const localeSchema = z.enum(locales);

export const userSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  profile_img_filename: z.string().nullable(),
  roles: z.array(z.enum(roles)),
  language: localeSchema,
});
export type User = z.infer<typeof userSchema>;

export const abilityRuleSchema = z.object({
  action: z.union([z.enum(actions), z.array(z.enum(actions))]),
  subject: z.union([z.enum(subjects), z.array(z.enum(subjects))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

export const authResponseSchema = z.object({
  accessToken: z.string(),
  userData: userSchema,
  userAbilityRules: z.array(abilityRuleSchema),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const registerBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  language: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(passwordRules.maxLength),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(passwordRules.maxLength),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * `PUT /api/v1/users/{uuid}` takes the user as the API returned it: only `name` and `language`
 * change; read-only fields (uuid, email, roles, profile_img_filename) are ignored.
 */
export const updateUserBodySchema = z.object({
  name: personNameSchema.optional(),
  language: localeSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userEnvelopeSchema = z.object({ user: userSchema });
export const userDataEnvelopeSchema = z.object({ data: userSchema });

export const sessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });

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
export const adminEmailsQuerySchema = z.object({ to: emailSchema.optional() });
export const adminEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;
export const adminEmailsResponseSchema = z.object({ emails: z.array(adminEmailSchema) });
