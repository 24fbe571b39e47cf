import { useMutation } from '@tanstack/react-query';
import type { TAuthResponse, TRegisterBody } from '@tarifa/contract';
import { api } from '@/lib/api';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/** `POST /api/auth/register` (201, signed in); a taken email answers 409 with `email_taken`. */
function register(body: TRegisterBody): Promise<TAuthResponse> {
  return api<TAuthResponse>('/auth/register', { method: 'POST', body });
}

export function useRegister() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: register, onSuccess: completeSignIn });
}
