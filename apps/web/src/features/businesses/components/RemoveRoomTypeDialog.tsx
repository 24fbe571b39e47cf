import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TRoomTariff } from '@tarifa/contract';
import { toFormError, type FormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useSaveRoomsTariff } from '../api';
import { childrenOf, roomsOf, toRoomInput } from '../utils/rooms';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';

/**
 * Asks before removing a room type, and says why when it cannot go: other room types follow its
 * price (checked here), it has bookings or is the only room type of a season or occupancy rule
 * (the API's 409 `conflict`, shown with its reason).
 */
export function RemoveRoomTypeDialog({
  business,
  room,
  onClose,
}: {
  business: TBusiness;
  room: TRoomTariff | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const titleId = useId();
  const save = useSaveRoomsTariff({ errors: 'form' });
  const [error, setError] = useState<FormError | null>(null);
  const rooms = roomsOf(business);
  const followers = childrenOf(rooms, room?.uuid);
  const close = () => {
    setError(null);
    onClose();
  };
  const remove = async () => {
    if (!room) return;
    setError(null);
    try {
      await save.mutateAsync({
        uuid: business.uuid,
        roomsTariff: rooms.filter((r) => r.uuid !== room.uuid).map(toRoomInput),
        version: business.version,
      });
      close();
    } catch (failure) {
      setError(toFormError(failure));
    }
  };
  return (
    <Dialog open={Boolean(room)} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('rooms.removeTitle', { name: room?.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {followers.length > 0 ? (
            <Alert severity="warning">
              {t('rooms.removeFollowers', {
                names: new Intl.ListFormat(intl.locale).format(followers.map((f) => f.name)),
              })}
            </Alert>
          ) : (
            <DialogContentText>{t('rooms.removeBody')}</DialogContentText>
          )}
          <BusinessErrorAlert error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={save.isPending} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void remove()}
          loading={save.isPending}
          disabled={followers.length > 0}
        >
          {t('rooms.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
