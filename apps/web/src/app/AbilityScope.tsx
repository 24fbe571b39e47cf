import { AbilityProvider } from '@casl/react';
import { useMemo, type ReactNode } from 'react';
import { buildAbility } from '@/lib/auth/ability';
import { useSession } from '@/lib/auth/session';

/**
 * The signed-in user's permissions (`useAbility`), for the pages of the signed-in shell. Loaded
 * with them (`router.tsx`): the guest pages need no permission, and CASL is 5 KB gzip.
 */
export default function AbilityScope({ children }: { children: ReactNode }) {
  const { userAbilityRules } = useSession();
  const ability = useMemo(() => buildAbility(userAbilityRules), [userAbilityRules]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}
