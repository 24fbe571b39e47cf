import type { TBusiness } from '@tarifa/contract';
import { useSelectedBusiness } from '@/lib/business';

/**
 * The selected property, on pages the router shows only once there is one (`needsBusiness` in
 * `app/routes.tsx` shows the onboarding otherwise).
 */
export function useBusiness(): TBusiness {
  const { data } = useSelectedBusiness();
  if (!data) throw new Error('The price calendar needs a selected property');
  return data;
}
