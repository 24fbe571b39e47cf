import { useAbility } from '@casl/react';
import { useCallback } from 'react';
import type { TAction, TBusiness, TMemberRole, TSubject } from '@tarifa/contract';
import { canOnProperty, type AppAbility } from './ability';
import { useSession } from './session';

/**
 * What the signed-in user may do on `property` (`can('update', 'Pricing')`), and their role there
 * (`owner`, or a team member's role): menus, buttons and pages ask this, the API decides the same.
 */
export function usePropertyAbility(property: Pick<TBusiness, 'uuid' | 'ownerUuid'> | undefined) {
  const ability = useAbility<AppAbility>();
  const { userData } = useSession();
  const memberships = userData?.memberships;
  const can = useCallback(
    (action: TAction, type: TSubject) =>
      property ? canOnProperty(ability, memberships, action, type, property) : false,
    [ability, memberships, property],
  );
  const role: 'owner' | TMemberRole | undefined = property
    ? (memberships?.find((m) => m.businessUuid === property.uuid)?.role ??
      (property.ownerUuid === userData?.uuid ? 'owner' : undefined))
    : undefined;
  return { can, role };
}
