import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import type { TBusiness } from '@tarifa/contract';
import { useSelectBusiness, useSelectedBusiness } from '@/api/business';
import { Onboarding } from './Onboarding';

/** `?select=<uuid>` (a search result) makes that property the selected one, then leaves the URL. */
function useSelectFromQuery() {
  const [params, setParams] = useSearchParams();
  const select = useSelectBusiness();
  const uuid = params.get('select');
  useEffect(() => {
    if (!uuid) return;
    select(uuid);
    setParams(
      (current) => {
        current.delete('select');
        return current;
      },
      { replace: true },
    );
  }, [uuid, select, setParams]);
}

/**
 * Shows `children` for the selected property; a user who has none yet is guided through the
 * first-run onboarding instead (and stays in it, once the property exists, until finished).
 *
 * ```tsx
 * <RequireBusiness>{(business) => <RoomTypesEditor business={business} />}</RequireBusiness>
 * ```
 */
export function RequireBusiness({
  children,
}: {
  children: ReactNode | ((business: TBusiness) => ReactNode);
}) {
  const { data: business, isPending, isError, error, refetch } = useSelectedBusiness();
  const [onboarding, setOnboarding] = useState(false);
  const start = useCallback(() => setOnboarding(true), []);
  const done = useCallback(() => setOnboarding(false), []);
  useSelectFromQuery();
  if (isPending) return <PageLoader />;
  if (isError) return <LoadErrorAlert error={error} onRetry={refetch} />;
  if (!business || onboarding) return <Onboarding onStart={start} onDone={done} />;
  return typeof children === 'function' ? children(business) : children;
}

/** A page shown only once the user has a property (the onboarding otherwise). */
export function withBusiness<P extends object>(Page: React.ComponentType<P>) {
  function PageWithBusiness(props: P) {
    return (
      <RequireBusiness>
        <Page {...props} />
      </RequireBusiness>
    );
  }
  return PageWithBusiness;
}
