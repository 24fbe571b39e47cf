import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api';
import { clearSession } from '@/lib/auth/session';

/** `POST /api/auth/logout`: 204, the token stops working. */
function logout(): Promise<void> {
  return api<void>('/auth/logout', { method: 'POST' });
}

/**
 * Signs out: tells the server (if it cannot be reached, the token is forgotten here all the same),
 * clears the stored session and every cached query, and goes to /login.
 *
 * ```tsx
 * const signOut = useLogout();
 * <MenuItem onClick={() => signOut.mutate()} disabled={signOut.isPending}>…</MenuItem>
 * ```
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      // The guard reacts to the cleared session first; going to /login afterwards wins over its
      // redirect (which would carry `to`).
      flushSync(() => clearSession());
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}
