import AddIcon from '@mui/icons-material/Add';
import BedIcon from '@mui/icons-material/KingBedOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TRoomTariff } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { useIntl } from '@/lib/intl';
import { currentBasePrice, inFamilyOrder, roomsOf } from '../utils/rooms';
import { describeOffset } from './DerivedExplanation';
import { RemoveRoomTypeDialog } from './RemoveRoomTypeDialog';
import { RoomTypeDialog } from './RoomTypeDialog';

function RoomTypeCard({
  room,
  rooms,
  currency,
  onEdit,
  onRemove,
}: {
  room: TRoomTariff;
  rooms: TRoomTariff[];
  currency: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const parent = room.derivedFrom && rooms.find((r) => r.uuid === room.derivedFrom!.roomUuid);
  const money = (value: number) => intl.money(value, currency);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={room.name}
      sx={{ blockSize: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {parent ? <LinkIcon color="action" /> : <BedIcon color="primary" />}
          <Typography variant="h6" component="h3" sx={{ flex: 1, minInlineSize: 0 }} noWrap>
            {room.name}
          </Typography>
          <Chip size="small" label={room.code} />
        </Stack>
        <Typography color="text.secondary">
          {t('rooms.count', { formatted: intl.number(room.rooms) })}
        </Typography>
        {parent && room.derivedFrom ? (
          <Typography sx={{ mt: 1 }}>
            {t('rooms.follows', {
              parent: parent.name,
              offset: describeOffset(t, intl, room.derivedFrom, currency),
            })}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('rooms.nowCosts', { price: money(currentBasePrice(room, rooms)) })}
            </Box>
          </Typography>
        ) : (
          <Typography sx={{ mt: 1 }}>
            {t('rooms.basePriceIs', { price: money(room.basePrice) })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('rooms.between', { min: money(room.minPrice), max: money(room.maxPrice) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="small"
          startIcon={<EditIcon />}
          onClick={onEdit}
          aria-label={t('rooms.editNamed', { name: room.name })}
        >
          {t('actions.edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onRemove}
          aria-label={t('rooms.removeNamed', { name: room.name })}
        >
          {t('rooms.remove')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The property's room types as cards (each derived one right after the room type it follows):
 * add, edit and remove, each saved at once with the rooms-tariff call (the whole list).
 */
export function RoomTypesEditor({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const rooms = roomsOf(business);
  const [editing, setEditing] = useState<TRoomTariff | 'new' | null>(null);
  const [removing, setRemoving] = useState<TRoomTariff>();
  const total = rooms.reduce((sum, room) => sum + room.rooms, 0);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">
          {rooms.length > 0
            ? t('rooms.summary', {
                types: intl.number(rooms.length),
                rooms: t('rooms.count', { formatted: intl.number(total) }),
              })
            : t('rooms.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('rooms.add')}
        </Button>
      </Stack>
      {rooms.length === 0 ? (
        <Card variant="outlined">
          <EmptyState
            icon={BedIcon}
            title={t('rooms.emptyTitle')}
            body={t('rooms.emptyBody')}
            action={
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('rooms.addFirst')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Grid container spacing={2} component="section" aria-label={t('rooms.listLabel')}>
          {inFamilyOrder(rooms).map((room) => (
            <Grid key={room.uuid} size={{ xs: 12, sm: 6, lg: 4 }}>
              <RoomTypeCard
                room={room}
                rooms={rooms}
                currency={business.currency}
                onEdit={() => setEditing(room)}
                onRemove={() => setRemoving(room)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {editing && (
        <RoomTypeDialog
          key={editing === 'new' ? 'new' : editing.uuid}
          business={business}
          room={editing === 'new' ? undefined : editing}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <RemoveRoomTypeDialog
        business={business}
        room={removing}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
}
