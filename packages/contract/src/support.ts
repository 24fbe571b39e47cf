import { z } from 'zod';
import { ZEmail, ZPersonName } from './auth';

/**
 * The support center's contact form (`POST /api/v1/support/messages`): a signed-in user writes to
 * the team about one topic. Name and email are where the answer goes, prefilled from the account.
 */
export const supportTopics = [
  'pricing',
  'seasons',
  'fluctuation',
  'imports',
  'analytics',
  'account',
  'billing',
  'other',
] as const;
export type TSupportTopic = (typeof supportTopics)[number];

export const supportMessageRules = { minLength: 10, maxLength: 5000 } as const;

export const ZSupportMessageBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  topic: z.enum(supportTopics),
  message: z.string().trim().min(supportMessageRules.minLength).max(supportMessageRules.maxLength),
});
export type TSupportMessageBody = z.infer<typeof ZSupportMessageBody>;

export const ZSupportMessage = z.object({
  id: z.uuid(),
  topic: z.enum(supportTopics),
  createdAt: z.iso.datetime({ offset: true }),
});
export const ZSupportMessageEnvelope = z.object({ message: ZSupportMessage });
export type TSupportMessage = z.infer<typeof ZSupportMessage>;
