import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import type { TAuthResponse } from '@tarifa/contract';
import { saveSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import { authKeys } from '../api/keys';
import { safeRedirect } from '../utils/safeRedirect';

/**
 * After login or register: store the session and the user's language, then go to the
 * `to` query parameter when it is a safe path of this site, else to `/` (which picks the home of
 * the user's role).
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (answer: TAuthResponse) => {
    queryClient.clear();
    queryClient.setQueryData(authKeys.currentUser, answer.userData);
    await changeLanguage(answer.userData.language);
    // The guard sends a signed-in user away from /login to `/` as soon as the session is stored;
    // navigating right after it makes `to` win over that redirect.
    flushSync(() => saveSession(answer));
    void navigate(safeRedirect(params.get('to')), { replace: true });
  };
}
