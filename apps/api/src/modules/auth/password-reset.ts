import { isLocale, type TForgotPasswordBody, type TResetPasswordBody } from '@tarifa/contract';
import type { Clock } from '../../core/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, hashSecret, newSecret } from '../../lib/secrets';
import { passwordResetEmail } from '../mail/templates';
import type { MailService } from '../mail/service';
import type { AuthRepository } from './repository';

/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface PasswordResetDeps {
  repo: AuthRepository;
  mail: Pick<MailService, 'send' | 'later'>;
  /** Public address of the web app, without a trailing slash. */
  appUrl: string;
  /** What "now" is: when a link expires, when it is used. */
  clock: Clock;
}

const invalidToken = () =>
  AppError.field('token', 'invalid_token', 'This reset link is not valid: ask for a new one');

/** "Forgot password" and "reset password" : single-use links sent by email. */
export function passwordResetService({ repo, mail, appUrl, clock }: PasswordResetDeps) {
  /** The background half of `requestReset`. */
  async function issueReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(email);
    if (!user || user.disabledAt) return;
    const token = newSecret();
    await repo.insertResetToken({
      userUuid: user.uuid,
      tokenHash: hashSecret(token),
      expiresAt: new Date(clock().getTime() + RESET_TOKEN_TTL_MS),
    });
    const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const language = isLocale(user.language) ? user.language : 'pt';
    await mail.send(
      {
        to: user.email,
        kind: 'password_reset',
        ...passwordResetEmail(language, { name: user.name, link }),
        secrets: [encodeURIComponent(token), token],
      },
      { resetLink: link },
    );
  }

  return {
    /**
     * Emails a reset link when an active account has this address; does nothing otherwise. The
     * caller answers 202 either way, so the answer tells nobody whether the account exists — nor
     * does its timing: this only hands the address to the background (`mail.later`), the same
     * step for every address, and the lookup, token and email happen after the answer.
     */
    requestReset(body: TForgotPasswordBody): void {
      mail.later(() => issueReset(body.email));
    },

    /**
     * Sets the new password from a live link, then ends the link, every other link of the user, and
     * every session of the user. A bad, used or expired link is a 400 on `token`.
     */
    async resetPassword(body: TResetPasswordBody): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      await repo.transaction(async (tx) => {
        const now = clock();
        const consumed = await tx.consumeResetToken(hashSecret(body.token), now);
        const user = consumed && (await tx.findUser(consumed.userUuid));
        // Throwing rolls the transaction back: a disabled account's link stays as it was.
        if (!user || user.disabledAt) throw invalidToken();
        await tx.updateUser(user.uuid, { passwordHash });
        await tx.expireResetTokensOf(user.uuid, now);
        await tx.revokeSessionsOf(user.uuid, now);
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
