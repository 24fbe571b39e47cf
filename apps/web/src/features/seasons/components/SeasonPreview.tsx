import InfoIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoomTariff, TSazonalityAdjustmentType } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { applyAdjustment, formatMoney, formatPercentChange } from '../utils/adjustment';

interface SeasonPreviewProps {
  rooms: readonly TRoomTariff[];
  /** The room types the season covers (empty = all). */
  roomUuids: readonly string[];
  currency: string;
  adjustmentType: TSazonalityAdjustmentType;
  /** Undefined or NaN while the value is not a number yet. */
  value: number | undefined;
}

/**
 * One sentence saying what the season does to an example room type's base price, e.g. "On these
 * nights, Double goes from €100 to €120 (+20 %)", kept within the room's minimum and maximum.
 * Derived room types follow their parent's price, so only the others serve as examples.
 */
export function SeasonPreview({
  rooms,
  roomUuids,
  currency,
  adjustmentType,
  value,
}: SeasonPreviewProps) {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const candidates = rooms.filter(
    (room) => !room.derivedFrom && (roomUuids.length === 0 || roomUuids.includes(room.uuid)),
  );
  const [chosen, setChosen] = useState('');
  const room = candidates.find((r) => r.uuid === chosen) ?? candidates[0];
  const money = (amount: number) => formatMoney(intl, amount, currency);

  let sentence: string;
  let limit: string | null = null;
  if (!room) {
    sentence = rooms.length === 0 ? t('preview.noRooms') : t('preview.noOwnPrice');
  } else if (value === undefined || Number.isNaN(value)) {
    sentence = t('preview.enterValue');
  } else {
    const raw = applyAdjustment(room.basePrice, adjustmentType, value);
    const price = Math.min(Math.max(raw, room.minPrice), room.maxPrice);
    const change = formatPercentChange(intl, ((price - room.basePrice) / room.basePrice) * 100);
    sentence =
      adjustmentType === 'price'
        ? t('preview.fixed', { room: room.name, base: money(room.basePrice), price: money(price) })
        : t('preview.changed', {
            room: room.name,
            base: money(room.basePrice),
            price: money(price),
            change,
          });
    if (raw > room.maxPrice) limit = t('preview.atMax', { max: money(room.maxPrice) });
    if (raw < room.minPrice) limit = t('preview.atMin', { min: money(room.minPrice) });
  }

  return (
    <Alert
      severity="info"
      icon={<InfoIcon />}
      sx={{ '& .MuiAlert-message': { inlineSize: '100%' } }}
    >
      <Stack spacing={1.5}>
        {candidates.length > 1 && (
          <TextField
            select
            size="small"
            label={t('preview.exampleRoom')}
            value={room?.uuid ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ maxInlineSize: 280 }}
          >
            {candidates.map((r) => (
              <MenuItem key={r.uuid} value={r.uuid}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Typography aria-live="polite" sx={{ fontWeight: 500 }}>
          {sentence}
          {limit && ` ${limit}`}
        </Typography>
        {room && (
          <Typography variant="body2" color="text.secondary">
            {t('preview.thenOthers')}
          </Typography>
        )}
      </Stack>
    </Alert>
  );
}
