import { useAbility } from '@casl/react';
import { useBusinesses } from '@/api/business';
import type { AppAbility } from '@/lib/auth/ability';
import { visibleNavigation, type NavItem } from './navigation';

/** The menu the signed-in user sees: by their rules and by how many properties they have. */
export function useVisibleNavigation(): NavItem[] {
  const ability = useAbility<AppAbility>();
  const { data: businesses } = useBusinesses();
  return visibleNavigation(ability, undefined, businesses?.length ?? 0);
}
