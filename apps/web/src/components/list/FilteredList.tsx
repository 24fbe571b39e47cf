import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { errorMessage } from '@/lib/forms';

/**
 * The states of a filtered list page, the same for the bookings, the price changes and the audit
 * trail: a first load that failed (`LoadErrorAlert` with Try again), a skeleton while it loads,
 * `blank` (nothing to list at all, with the way to start), or the list — its `filters`, a warning
 * when a refresh failed over what is shown, and `children` given the answer. `framed` puts the
 * states in cards; without it, a parent frames them.
 */
export function FilteredList<T>({
  query,
  label,
  namespace,
  filters,
  blank,
  framed = true,
  children,
}: {
  query: UseQueryResult<T>;
  /** The list's accessible name. */
  label: string;
  /** The list's strings: its `loadFailed`, `refreshFailed` and `loading` sentences. */
  namespace: string;
  filters: ReactNode;
  blank?: ReactNode;
  framed?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const frame = (content: ReactNode, props: object = {}) =>
    framed ? (
      <Card {...props}>
        <CardContent>{content}</CardContent>
      </Card>
    ) : (
      <Stack {...props}>{content}</Stack>
    );
  if (query.isLoadingError) {
    return (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('loadFailed')}
      </LoadErrorAlert>
    );
  }
  if (query.isPending) {
    return frame(
      <Stack spacing={1.5}>
        <Skeleton variant="rounded" height={40} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={52} />
        ))}
      </Stack>,
      { 'aria-busy': 'true', 'aria-label': t('loading') },
    );
  }
  if (blank) return framed ? <Card>{blank}</Card> : blank;
  return frame(
    <Stack spacing={2}>
      {filters}
      {query.isError && (
        <Alert severity="warning">
          {t('refreshFailed')} {errorMessage(t, query.error)}
        </Alert>
      )}
      {children(query.data)}
    </Stack>,
    { component: 'section', 'aria-label': label },
  );
}
