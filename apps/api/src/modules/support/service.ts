import type { TSupportMessage, TSupportMessageBody } from '@tarifa/contract';
import type { Clock } from '../../core/clock';
import { AppError } from '../../lib/errors';
import type { SupportRepository } from './repository';

/** A user may send this many messages in a window; more is a runaway script, not a person. */
export const SUPPORT_LIMIT = { messages: 5, windowMs: 10 * 60 * 1000 } as const;

export function supportService(repo: SupportRepository, clock: Clock) {
  return {
    /** Stores a message from the contact form for the support team to handle. */
    async send(userUuid: string, body: TSupportMessageBody): Promise<TSupportMessage> {
      const now = clock();
      const recent = await repo.countSentSince(
        userUuid,
        new Date(now.getTime() - SUPPORT_LIMIT.windowMs),
      );
      if (recent >= SUPPORT_LIMIT.messages) {
        throw new AppError('rate_limited', 'Too many messages, try again later', undefined, {
          'retry-after': String(SUPPORT_LIMIT.windowMs / 1000),
        });
      }
      const row = await repo.insertMessage({ userUuid, ...body });
      return { id: row.id, topic: body.topic, createdAt: row.createdAt.toISOString() };
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;
