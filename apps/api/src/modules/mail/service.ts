import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../db/client';
import { mailRepository } from './repository';
import type { EmailContent } from './templates';

export interface OutgoingEmail extends EmailContent {
  to: string;
  /** What the email is for, e.g. `password_reset`. */
  kind: string;
  /**
   * What only the recipient may read (a live link's token): the mailbox gets it, the stored copy
   * (`emails`, and so the admin outbox) says `[redacted]` instead once emails leave the machine.
   */
  secrets?: string[];
  /** Extra headers (e.g. `List-Unsubscribe`); they may carry secrets and are never stored. */
  headers?: Record<string, string>;
}

/** The copy of an email kept in `emails`: without its secrets when a real mailbox gets them. */
function storedCopy(email: OutgoingEmail, delivers: boolean) {
  const hide = (text: string) =>
    delivers ? (email.secrets ?? []).reduce((t, s) => t.split(s).join('[redacted]'), text) : text;
  return { text: hide(email.text), html: hide(email.html) };
}

export interface MailOptions {
  db: Db;
  /** smtp://user:pass@host:port; without it emails only go to the outbox. */
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** When an email was sent or failed. */
  clock: Clock;
}

/**
 * Records every email in `emails`, then delivers it over SMTP when `SMTP_URL` is set. Delivery
 * happens after the call returns, so a slow or failing mail server never holds up or fails a
 * request (nor shows, through timing, whether an account exists); its outcome is written back to the
 * row (`sent_at`, or `error`). Without SMTP the row is the development outbox; with it, the row
 * keeps no secret the email carried (`secrets`).
 */
export function mailService(options: MailOptions) {
  const repo = mailRepository(options.db);
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, email: OutgoingEmail) {
    try {
      await transport!.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
      await repo.markSent(id, options.clock());
      options.log.info({ emailId: id, kind: email.kind }, 'email sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      options.log.warn({ emailId: id, kind: email.kind, error: message }, 'email not sent');
      await repo
        .markFailed(id, message.slice(0, 1000), options.clock())
        .catch((markErr: unknown) => {
          options.log.error({ err: markErr, emailId: id }, 'could not record a failed email');
        });
    }
  }

  /**
   * Resolves when every delivery (and background work, `later`) started so far has finished,
   * including what they started in turn.
   */
  async function idle(): Promise<void> {
    while (pending.size) await Promise.all([...pending]);
  }

  /** Stores the email with `db`; `deliver` starts its delivery (or logs the outbox note). */
  async function stage(email: OutgoingEmail, db: Executor, outboxNote?: Record<string, string>) {
    const stored = storedCopy(email, Boolean(transport));
    const row = await repo.insert(
      {
        toAddress: email.to,
        subject: email.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        kind: email.kind,
      },
      db,
    );
    return {
      id: row.id,
      deliver() {
        if (!transport) {
          options.log.info(
            { emailId: row.id, kind: email.kind, to: email.to, ...outboxNote },
            'email kept in the development outbox (SMTP_URL is not set)',
          );
          return;
        }
        const delivery = deliver(row.id, email);
        pending.add(delivery);
        void delivery.finally(() => pending.delete(delivery));
      },
    };
  }

  return {
    /** True when emails leave the machine (SMTP_URL is set). */
    delivers: Boolean(transport),

    /**
     * Stores the email and starts its delivery; resolves with its id once stored. `outboxNote` is
     * logged only in development-outbox mode (it may carry a secret link, which a real mailbox
     * receives instead).
     */
    async send(email: OutgoingEmail, outboxNote?: Record<string, string>): Promise<string> {
      const staged = await stage(email, options.db, outboxNote);
      staged.deliver();
      return staged.id;
    },

    /**
     * Stores the email in the caller's transaction `tx` and answers its id and `deliver`, to call
     * once that transaction committed: an email recorded with what it tells about (the morning
     * digest and the day it took) leaves only if both were written.
     */
    stage: (email: OutgoingEmail, tx: Executor) => stage(email, tx),

    /**
     * Runs `work` (which ends in sending an email, or in nothing) after the caller has answered:
     * a request that may send an email answers the same, in the same time, whether it sends one
     * or not (forgot-password). `idle()` waits for it too; a failure is logged.
     */
    later(work: () => Promise<void>): void {
      const run = work().catch((err: unknown) => {
        options.log.error({ err }, 'background email work failed');
      });
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },

    idle,

    /** Finishes the deliveries under way, then closes the SMTP connections. */
    async close(): Promise<void> {
      await idle();
      transport?.close();
    },

    list: repo.list,
  };
}
export type MailService = ReturnType<typeof mailService>;
