import type { ChangeEvent, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { TFieldIssue } from '@tarifa/contract';
import { issueMessage } from '@/lib/forms';

/**
 * The codes the connections' calls answer that the shared `validation` messages do not hold: said
 * in this feature's words (`channels:issues.<code>`); any other code as every form says it.
 */
const channelCodes = new Set([
  'credentials_refused',
  'unknown_property',
  'refused',
  'unknown_remote',
  'other_room',
  'room_not_mapped',
  'mapping_required',
]);

/** One field issue of a connection's form, translated. */
export function channelIssueMessage(t: TFunction, issue: TFieldIssue): string {
  if (channelCodes.has(issue.code)) return t(`channels:issues.${issue.code}`);
  // A Channex property id is a uuid: "paste it as Channex shows it" says more than "format".
  if (issue.code === 'invalid_format' && issue.params?.format === 'uuid') {
    return t('channels:issues.invalid_uuid');
  }
  return issueMessage(t, issue);
}

/** What `useZodForm` gives a text field, and its errors by path. */
export interface TextForm<N extends string> {
  field: (
    name: N,
    options?: { helperText?: ReactNode },
  ) => {
    name: N;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    error: boolean;
    helperText: ReactNode;
  };
  errors: Record<string, TFieldIssue>;
}

/** `form.field(name)` with a connection's own messages (credentials refused, unknown property…). */
export function channelField<N extends string>(
  t: TFunction,
  form: TextForm<N>,
  name: N,
  helperText?: ReactNode,
) {
  const issue = form.errors[name];
  return { ...form.field(name), helperText: issue ? channelIssueMessage(t, issue) : helperText };
}

/** Whether a call found the provider not answering (503): "try again" says more than an error. */
export const providerSilent = (code: string | undefined) => code === 'service_unavailable';
