import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordBody, TResetPasswordBody } from '@tarifa/contract';
import { api } from '@/lib/api';

/** `POST /api/auth/forgot-password`: always 202, whether or not the account exists. */
function forgotPassword(body: TForgotPasswordBody): Promise<void> {
  return api<void>('/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** `POST /api/auth/reset-password`: 204; a bad, used or expired token is `invalid_token`. */
function resetPassword(body: TResetPasswordBody): Promise<void> {
  return api<void>('/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
