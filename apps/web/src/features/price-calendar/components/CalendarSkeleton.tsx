import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The calendar's shape while its prices load. */
export function CalendarSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('priceCalendar');
  return (
    <Card aria-busy="true" aria-label={t('loading')}>
      <CardContent>
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={40} />
          {Array.from({ length: Math.min(Math.max(rows, 1), 8) }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
