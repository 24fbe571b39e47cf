import AddIcon from '@mui/icons-material/Add';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { useSelectedBusiness } from '@/api/business';
import { GroupCard } from '../components/GroupCard';
import { GroupFormDialog } from '../components/GroupFormDialog';

/** Which dialog is open: none, a new group, or the group with this uuid. */
type Editing = null | 'new' | string;

function Groups({
  business,
  editing,
  setEditing,
}: {
  business: TBusiness;
  editing: Editing;
  setEditing: (editing: Editing) => void;
}) {
  const { t } = useTranslation('fluctuation');
  const { fluctuationLevels: groups, roomsTariff: rooms } = business.tariffConfiguration;
  const group = editing && editing !== 'new' ? groups.find((g) => g.uuid === editing) : undefined;

  return (
    <>
      {groups.length === 0 ? (
        <Card>
          <EmptyState
            icon={StackedLineChartIcon}
            title={t('empty.title')}
            body={t('empty.body')}
            action={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('empty.action')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {groups.map((g) => (
            <GroupCard
              key={g.uuid}
              group={g}
              rooms={rooms}
              currency={business.currency}
              onEdit={() => setEditing(g.uuid)}
            />
          ))}
        </Box>
      )}
      {(editing === 'new' || group) && (
        <GroupFormDialog
          // A reload after a conflict (a new version) starts the form again from what is stored.
          key={`${editing}-${business.uuid}-${business.version}`}
          business={business}
          group={group}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/**
 * `/pricing-central/configurations`: the property's occupancy levels (fluctuation-level groups),
 * each as its steps and a chart of the price change against occupancy; add, edit, delete.
 */
export default function ConfigurationsPage() {
  const { t } = useTranslation('fluctuation');
  const query = useSelectedBusiness();
  const [editing, setEditing] = useState<Editing>(null);
  const business = query.data;

  let content;
  if (query.isPending) content = <PageLoader />;
  else if (query.isError && query.dataUpdatedAt === 0) {
    content = (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('states.loadFailed')}
      </LoadErrorAlert>
    );
  } else if (!business) {
    content = (
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
  } else {
    content = <Groups business={business} editing={editing} setEditing={setEditing} />;
  }

  return (
    <Stack spacing={3} data-tour="fluctuation-levels">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
            {t('intro')}
          </Typography>
        </div>
        {business && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            sx={{ flexShrink: 0 }}
          >
            {t('add')}
          </Button>
        )}
      </Stack>
      {content}
    </Stack>
  );
}
