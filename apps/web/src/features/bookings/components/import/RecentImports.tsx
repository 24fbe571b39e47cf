import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TImportSummary } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useIntl } from '@/lib/intl';
import { useRecentImports } from '../../api/imports';
import { importStatusPath } from '../../paths';
import { formatBytes } from '@/lib/numbers';
import { ImportStatusChip } from './ImportStatusChip';

function Summary({ item }: { item: TImportSummary }) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const finished = item.status === 'succeeded' || item.status === 'failed';
  return (
    <ListItemText
      primary={item.fileName}
      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      secondary={
        <>
          {t('import.recent.when', {
            date: intl.date(new Date(item.createdAt), { dateStyle: 'medium', timeStyle: 'short' }),
            size: formatBytes(item.fileSize, intl.locale),
          })}
          {finished && (
            <>
              <br />
              {t('import.recent.counts', {
                inserted: intl.number(item.inserted),
                updated: intl.number(item.updated),
                rejected: intl.number(item.rejected),
              })}
            </>
          )}
        </>
      }
    />
  );
}

/** The last imports of the property, newest first, each leading to its progress or result. */
export function RecentImports({
  businessUuid,
  current,
}: {
  businessUuid: string;
  current?: string;
}) {
  const { t } = useTranslation('bookings');
  const recent = useRecentImports(businessUuid);
  return (
    <Card component="section" aria-labelledby="recent-imports">
      <CardHeader
        title={t('import.recent.title')}
        slotProps={{ title: { id: 'recent-imports', component: 'h2', variant: 'h6' } }}
      />
      {recent.isPending ? (
        <CardContent>
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        </CardContent>
      ) : recent.isError ? (
        <CardContent>
          <LoadErrorAlert error={recent.error} onRetry={recent.refetch} />
        </CardContent>
      ) : recent.data.length === 0 ? (
        <EmptyState dense icon={HistoryIcon} headingLevel="p" title={t('import.recent.empty')} />
      ) : (
        <List dense disablePadding aria-labelledby="recent-imports">
          {recent.data.map((item) => (
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={importStatusPath(item.id)}
                selected={item.id === current}
                sx={{ gap: 1.5, alignItems: 'flex-start' }}
              >
                <Summary item={item} />
                <Box sx={{ flexShrink: 0, pt: 0.75 }}>
                  <ImportStatusChip status={item.status} />
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}
