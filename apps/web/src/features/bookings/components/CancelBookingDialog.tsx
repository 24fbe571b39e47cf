import { useTranslation } from 'react-i18next';
import type { TBooking } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useCancelBooking } from '../api/bookings';
import { utcDay } from '@/lib/dates';

/**
 * "Cancel this booking?": the booking stays in the list as cancelled (history and statistics keep
 * it), nothing is deleted.
 */
export function CancelBookingDialog({
  businessUuid,
  booking,
  onClose,
}: {
  businessUuid: string;
  booking: TBooking;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const cancel = useCancelBooking();
  const day = (date: string) => intl.date(utcDay(date), { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <ConfirmDeleteDialog
      open
      title={t('cancel.title')}
      body={t('cancel.body', {
        guest: booking.guestName ?? booking.externalId ?? t('table.noGuest'),
        room: booking.roomName,
        arrival: day(booking.arrival),
        departure: day(booking.departure),
      })}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      pending={cancel.isPending}
      error={cancel.isError ? errorMessage(t, cancel.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        cancel.mutate(
          { businessUuid, id: booking.id },
          {
            onSuccess: () => {
              showSnackbar({ severity: 'success', message: t('cancel.done') });
              onClose();
            },
          },
        )
      }
    />
  );
}
