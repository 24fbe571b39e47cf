import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { TAction, TBusiness, TSubject } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { usePropertyAbility } from '@/lib/auth/usePropertyAbility';
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

/** What a page needs on the selected property (its role's rules there, for a team member). */
export interface PropertyAccess {
  action: TAction;
  subject: TSubject;
  /** Where to go instead when the role lacks it (the home of a role without this page). */
  otherwise?: string;
}

/**
 * A page shown only once the user has a property (the onboarding otherwise), and only when the
 * user's role there includes `access` (a page saying so otherwise).
 */
export function withBusiness<P extends object>(
  Page: React.ComponentType<P>,
  access?: PropertyAccess,
) {
  function PageWithBusiness(props: P) {
    return (
      <RequireBusiness>
        {(business) => (
          <RequireRole business={business} access={access}>
            <Page {...props} />
          </RequireRole>
        )}
      </RequireBusiness>
    );
  }
  return PageWithBusiness;
}

/** `children` when the user may do `access` on `business`; else what their role there is. */
export function RequireRole({
  business,
  access,
  children,
}: {
  business: TBusiness;
  access?: PropertyAccess;
  children: ReactNode;
}) {
  const { t } = useTranslation('members');
  const { can, role } = usePropertyAbility(business);
  if (!access || can(access.action, access.subject)) return children;
  if (access.otherwise) return <Navigate to={access.otherwise} replace />;
  return (
    <EmptyState
      icon={LockIcon}
      headingLevel="h2"
      title={t('notAllowed.title')}
      body={t('notAllowed.body', {
        name: business.name,
        role: t(`roles.${role ?? 'viewer'}`),
      })}
    />
  );
}
