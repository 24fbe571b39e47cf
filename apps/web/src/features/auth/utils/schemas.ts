import { z } from 'zod';
import { ZChangePasswordBody, ZResetPasswordBody } from '@tarifa/contract';

/**
 * The forms' schemas. The guest pages load this file after their first screen (`useZodForm` takes
 * a loader): zod would otherwise be an eighth of what the sign-in page downloads before it shows.
 */
export { ZForgotPasswordBody, ZLoginBody, ZRegisterBody } from '@tarifa/contract';

/** Where a new password is chosen it is typed twice; the repeat must match (`passwords_mismatch`). */
const mismatch = { path: ['confirm'], params: { code: 'passwords_mismatch' } };

/** The reset form: the contract's body without the token (it comes from the link), plus the repeat. */
export const resetPasswordFormSchema = ZResetPasswordBody.omit({ token: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, mismatch);

export const changePasswordFormSchema = ZChangePasswordBody.extend({ confirm: z.string() }).refine(
  (v) => v.newPassword === v.confirm,
  mismatch,
);
