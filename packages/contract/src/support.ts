import { z } from 'zod';
import { emailSchema, personNameSchema } from './auth';

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
export type SupportTopic = (typeof supportTopics)[number];

export const supportMessageRules = { minLength: 10, maxLength: 5000 } as const;

export const supportMessageBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  topic: z.enum(supportTopics),
  message: z.string().trim().min(supportMessageRules.minLength).max(supportMessageRules.maxLength),
});
export type SupportMessageBody = z.infer<typeof supportMessageBodySchema>;

export const supportMessageSchema = z.object({
  id: z.uuid(),
  topic: z.enum(supportTopics),
  createdAt: z.iso.datetime({ offset: true }),
});
export const supportMessageEnvelopeSchema = z.object({ message: supportMessageSchema });
export type SupportMessage = z.infer<typeof supportMessageSchema>;
