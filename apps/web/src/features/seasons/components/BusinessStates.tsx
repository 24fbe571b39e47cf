import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { useSelectedBusiness } from '@/api/business';

/**
 * Renders `children` with the selected property once it is loaded; meanwhile a spinner, on
 * failure what went wrong with Try again, and without any property a way to create one.
 */
export function WithSelectedBusiness({
  children,
}: {
  children: (business: TBusiness) => ReactNode;
}) {
  const { t } = useTranslation('seasons');
  const query = useSelectedBusiness();
  if (query.isPending) return <PageLoader />;
  if (query.isError && query.dataUpdatedAt === 0) {
    return (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('states.loadFailed')}
      </LoadErrorAlert>
    );
  }
  if (!query.data) {
    return (
      <Card>
        <EmptyState
          icon={HomeWorkIcon}
          title={t('states.noBusinessTitle')}
          body={t('states.noBusinessBody')}
          action={
            <Button component={RouterLink} to="/my-property" variant="contained">
              {t('states.noBusinessAction')}
            </Button>
          }
        />
      </Card>
    );
  }
  return children(query.data);
}
