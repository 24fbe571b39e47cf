import { useAbility } from '@casl/react';
import { useBusinesses, useSelectedBusiness } from '@/api/business';
import type { AppAbility } from '@/lib/auth/ability';
import { useSession } from '@/lib/auth/session';
import { usePropertyAbility } from '@/lib/auth/usePropertyAbility';
import { visibleNavigation, type NavItem } from './navigation';

/**
 * The menu the signed-in user sees: by their rules, by how many properties they own, and by what
 * their role on the selected property opens.
 */
export function useVisibleNavigation(): NavItem[] {
  const ability = useAbility<AppAbility>();
  const { userData } = useSession();
  const { data: businesses } = useBusinesses();
  const { data: selected } = useSelectedBusiness();
  const { can } = usePropertyAbility(selected);
  const owned = businesses?.filter((b) => b.ownerUuid === userData?.uuid).length ?? 0;
  return visibleNavigation(ability, undefined, owned, selected ? can : undefined);
}
