import { useMutation } from '@tanstack/react-query';
import type { TSupportMessage, TSupportMessageBody } from '@tarifa/contract';
import { api } from '@/lib/api';

/** `POST /api/v1/support/messages`: the message is stored for the support team. */
async function sendSupportMessage(body: TSupportMessageBody): Promise<TSupportMessage> {
  const { message } = await api<{ message: TSupportMessage }>('/v1/support/messages', {
    method: 'POST',
    body,
  });
  return message;
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
