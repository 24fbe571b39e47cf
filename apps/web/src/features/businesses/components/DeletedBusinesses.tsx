import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { businessLimits } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { useDeletedBusinesses, useRestoreBusiness } from '../api';

const day = 24 * 60 * 60 * 1000;

/**
 * Properties deleted in the last 30 days, each with Restore (which brings it back first, so
 * selected). Shows nothing when there are none.
 */
export function DeletedBusinesses({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const { data: deleted = [] } = useDeletedBusinesses();
  const restore = useRestoreBusiness();
  if (deleted.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="deleted-businesses-title">
      <Typography id="deleted-businesses-title" variant="subtitle1" component={headingLevel}>
        {t('danger.deletedTitle')}
      </Typography>
      <List dense disablePadding>
        {deleted.map((business) => {
          const deletedAt = new Date(business.deletedAt ?? business.updatedAt);
          const until = new Date(deletedAt.getTime() + businessLimits.restoreDays * day);
          return (
            <ListItem
              key={business.uuid}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<RestoreIcon />}
                  loading={restore.isPending && restore.variables === business.uuid}
                  onClick={() => restore.mutate(business.uuid)}
                  aria-label={t('danger.restoreNamed', { name: business.name })}
                >
                  {t('danger.restore')}
                </Button>
              }
            >
              <ListItemText
                primary={business.name}
                secondary={t('danger.restorableUntil', {
                  date: intl.date(until, { dateStyle: 'long' }),
                })}
              />
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
