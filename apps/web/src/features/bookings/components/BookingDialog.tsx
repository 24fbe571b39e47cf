import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  boards,
  bookingStatuses,
  cancellationPolicies,
  suggestedChannels,
  suggestedSegments,
  type TBooking,
  type TBusiness,
} from '@tarifa/contract';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useBookingFacets, useSaveBooking } from '../api/bookings';
import { addDays, today } from '@/lib/dates';
import { bookingFormSchema, initialBookingValues, type BookingFormValues } from '../utils/form';
import { currencySymbol } from '@/lib/numbers';
import { CountryField } from './CountryField';
import { LabelField } from './LabelField';
import { PickersProvider } from '@/components/PickersProvider';
import { StayDatesField } from './StayDatesField';

/**
 * Adds or edits one booking: room type, stay, rooms and guests, what was sold (rate plan, board,
 * cancellation policy), status, total in the property's currency, and where it came from (channel, segment, country, guest, reference). Checked with the
 * shared booking schema before sending; the server's objections land on their fields.
 */
export function BookingDialog({
  business,
  booking,
  onClose,
}: {
  business: TBusiness;
  /** The booking to edit; none to add one. */
  booking?: TBooking;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const formId = `${titleId}-form`;
  const rooms = business.tariffConfiguration.roomsTariff;
  const facets = useBookingFacets(business.uuid);
  const save = useSaveBooking();
  const start = today();
  const initial = initialBookingValues(booking, {
    roomUuid: rooms.length === 1 ? rooms[0]!.uuid : undefined,
    arrival: start,
    departure: addDays(start, 1),
  });

  const form = useZodForm({
    schema: bookingFormSchema,
    initialValues: initial,
    onSubmit: async (data) => {
      const answer = await save.mutateAsync({
        businessUuid: business.uuid,
        id: booking?.id,
        booking: data,
      });
      const message =
        answer.kind === 'updated'
          ? t('saved.updated')
          : answer.result.updated > 0
            ? t('saved.referenceUpdated', { reference: data.externalId })
            : t('saved.created');
      showSnackbar({ severity: 'success', message });
      onClose();
    },
  });
  const values = form.values as BookingFormValues;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const symbol = currencySymbol(intl.locale, business.currency);
  const count = (name: 'rooms' | 'adults' | 'children', label: string) => (
    <TextField
      label={label}
      required
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      {...form.field(name)}
    />
  );

  return (
    <Dialog
      open
      onClose={(_, reason) => {
        if (form.submitting) return;
        if (!(dirty && reason === 'backdropClick')) onClose();
      }}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{booking ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
      <DialogContent>
        {rooms.length === 0 ? (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to="/pricing-central/room-form" color="inherit">
                {t('form.noRoomsAction')}
              </Button>
            }
          >
            {t('form.noRooms')}
          </Alert>
        ) : (
          <PickersProvider>
            <Stack component="form" id={formId} spacing={2.5} sx={{ pt: 1 }} {...form.formProps}>
              <FormAlert error={form.formError} />
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 7 }}>
                  <TextField
                    select
                    label={t('form.room')}
                    required
                    fullWidth
                    {...form.field('roomUuid')}
                  >
                    {rooms.map((room) => (
                      <MenuItem key={room.uuid} value={room.uuid}>
                        {t('form.roomOption', { name: room.name, code: room.code })}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 12, sm: 5 }}>
                  <TextField select label={t('form.status')} fullWidth {...form.field('status')}>
                    {bookingStatuses.map((status) => (
                      <MenuItem key={status} value={status}>
                        {t(`status.${status}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              </Grid>
              <StayDatesField
                value={{ arrival: values.arrival, departure: values.departure }}
                onChange={(stay) => form.setValues(stay)}
                arrivalError={form.errorFor('arrival')}
                departureError={form.errorFor('departure')}
              />
              <Grid container spacing={2}>
                <Grid size={{ xs: 4 }}>{count('rooms', t('form.rooms'))}</Grid>
                <Grid size={{ xs: 4 }}>{count('adults', t('form.adults'))}</Grid>
                <Grid size={{ xs: 4 }}>{count('children', t('form.children'))}</Grid>
              </Grid>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    label={t('form.ratePlan')}
                    fullWidth
                    {...form.field('ratePlanCode', { helperText: t('form.ratePlanHelp') })}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField select label={t('form.board')} fullWidth {...form.field('board')}>
                    {boards.map((board) => (
                      <MenuItem key={board} value={board}>
                        {t(`common:board.${board}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    select
                    label={t('form.cancellationPolicy')}
                    fullWidth
                    {...form.field('cancellationPolicy')}
                  >
                    {cancellationPolicies.map((policy) => (
                      <MenuItem key={policy} value={policy}>
                        {t(`common:cancellationPolicy.${policy}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              </Grid>
              <TextField
                label={t('form.total', { currency: business.currency })}
                required
                fullWidth
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: {
                    startAdornment: <InputAdornment position="start">{symbol}</InputAdornment>,
                  },
                }}
                {...form.field('totalAmount', { helperText: t('form.totalHelp') })}
              />
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <LabelField
                    name="channel"
                    label={t('form.channel')}
                    value={values.channel}
                    suggestions={[...suggestedChannels, ...(facets.data?.channels ?? [])]}
                    onChange={(channel) => form.setValue('channel', channel)}
                    error={Boolean(form.errorFor('channel'))}
                    helperText={form.errorFor('channel') ?? t('form.channelHelp')}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <LabelField
                    name="segment"
                    label={t('form.segment')}
                    value={values.segment}
                    suggestions={[...suggestedSegments, ...(facets.data?.segments ?? [])]}
                    onChange={(segment) => form.setValue('segment', segment)}
                    error={Boolean(form.errorFor('segment'))}
                    helperText={form.errorFor('segment') ?? t('form.segmentHelp')}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField label={t('form.guestName')} fullWidth {...form.field('guestName')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <CountryField
                    label={t('form.country')}
                    value={values.country}
                    onChange={(country) => form.setValue('country', country)}
                    error={Boolean(form.errorFor('country'))}
                    helperText={form.errorFor('country')}
                  />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <TextField
                    label={t('form.reference')}
                    fullWidth
                    {...form.field('externalId', { helperText: t('form.referenceHelp') })}
                  />
                </Grid>
              </Grid>
            </Stack>
          </PickersProvider>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.submitting}>
          {t('actions.close')}
        </Button>
        {rooms.length > 0 && (
          <Button type="submit" form={formId} variant="contained" loading={form.submitting}>
            {booking ? t('actions.save') : t('actions.add')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
