import { useMutation } from '@tanstack/react-query';
import type { TAuthResponse, TLoginBody } from '@tarifa/contract';
import { api } from '@/lib/api';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';

/** `POST /api/auth/login`; a wrong email or password answers 401 `invalid_credentials`. */
function login(body: TLoginBody): Promise<TAuthResponse> {
  return api<TAuthResponse>('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}
