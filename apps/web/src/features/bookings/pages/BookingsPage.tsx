import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TBooking, TBusiness } from '@tarifa/contract';
import { useBookingFacets, useBookings } from '../api/bookings';
import { runningImportOf, useUpload } from '../api/imports';
import { BookingDialog } from '../components/BookingDialog';
import { BookingsEmpty } from '../components/BookingsEmpty';
import { BookingsFilters } from '../components/BookingsFilters';
import { BookingsTable } from '../components/BookingsTable';
import { CancelBookingDialog } from '../components/CancelBookingDialog';
import { FilteredList } from '@/components/list/FilteredList';
import { PickersProvider } from '@/components/PickersProvider';
import { useRequiredBusiness } from '@/api/business';
import { hasFilters, useBookingsQueryState } from '../hooks/useBookingsQueryState';
import { importPath, importStatusPath } from '../paths';

type Editing = { kind: 'add' } | { kind: 'edit'; booking: TBooking } | null;

/** An import started here and not seen finished: a way back to its progress. */
function RunningImportBanner({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('bookings');
  const upload = useUpload(businessUuid);
  const running = runningImportOf(businessUuid);
  if (!running && !(upload && !upload.error)) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={running ? importStatusPath(running) : importPath}
        >
          {t('running.show')}
        </Button>
      }
    >
      {t('running.body')}
    </Alert>
  );
}

function Bookings({ business }: { business: TBusiness }) {
  const { t } = useTranslation('bookings');
  const { view, query, update, serverSizes } = useBookingsQueryState();
  const list = useBookings(business.uuid, query);
  const facets = useBookingFacets(business.uuid);
  const [editing, setEditing] = useState<Editing>(null);
  const [cancelling, setCancelling] = useState<TBooking | null>(null);
  const onEdit = useCallback((booking: TBooking) => setEditing({ kind: 'edit', booking }), []);
  const onCancel = useCallback((booking: TBooking) => setCancelling(booking), []);
  const filtered = hasFilters(view);
  const nothingYet = list.data?.total === 0 && !filtered && !list.isPlaceholderData;

  return (
    <Stack spacing={3}>
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
            {t('intro', { name: business.name })}
          </Typography>
        </div>
        <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            component={RouterLink}
            to={importPath}
          >
            {t('actions.importFile')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'add' })}
          >
            {t('actions.addBooking')}
          </Button>
        </Stack>
      </Stack>

      <RunningImportBanner businessUuid={business.uuid} />

      <FilteredList
        query={list}
        label={t('table.label')}
        namespace="bookings"
        blank={nothingYet && <BookingsEmpty onAdd={() => setEditing({ kind: 'add' })} />}
        filters={
          <PickersProvider>
            <BookingsFilters
              filters={view}
              onChange={update}
              rooms={business.tariffConfiguration.roomsTariff}
              channels={facets.data?.channels ?? []}
            />
          </PickersProvider>
        }
      >
        {(data) => (
          <BookingsTable
            bookings={data.bookings}
            total={data.total}
            loading={list.isFetching}
            view={view}
            pageSizes={serverSizes}
            onViewChange={update}
            onEdit={onEdit}
            onCancel={onCancel}
            emptyLabel={filtered ? t('table.noMatch') : undefined}
          />
        )}
      </FilteredList>

      {editing && (
        <BookingDialog
          business={business}
          booking={editing.kind === 'edit' ? editing.booking : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {cancelling && (
        <CancelBookingDialog
          businessUuid={business.uuid}
          booking={cancelling}
          onClose={() => setCancelling(null)}
        />
      )}
    </Stack>
  );
}

/** `/pricing-central/bookings`: the property's bookings, to search, add, edit, cancel and import. */
export default function BookingsPage() {
  const business = useRequiredBusiness();
  // A new property starts from a clean view (dialogs closed, filters of its own).
  return <Bookings key={business.uuid} business={business} />;
}
