import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { RoomTariff, TPriceCell } from '@tarifa/contract';
import { useIntl } from '../../../lib/intl';
import { explainCell } from '../utils/explain';
import { formatMoney, formatOccupancy, longDate } from '../utils/format';

interface PriceExplanationDialogProps {
  room: RoomTariff;
  date: string;
  /** Undefined when the API gave no price for this night. */
  cell: TPriceCell | undefined;
  rooms: readonly RoomTariff[];
  currency: string;
  today: string;
  onClose: () => void;
  /** Opens "Set price" for this night. */
  onSetPrice: () => void;
  /** Clears this night's override (shown only when it has one). */
  onClearOverride: () => void;
}

/**
 * Why a night has its price: the waterfall from the base price through each step to the final
 * price, one line a step, with the night's occupancy and what is marked on it.
 */
export function PriceExplanationDialog({
  room,
  date,
  cell,
  rooms,
  currency,
  today,
  onClose,
  onSetPrice,
  onClearOverride,
}: PriceExplanationDialogProps) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const money = (value: number) => formatMoney(intl, value, currency);
  const explanation = cell && explainCell({ t, intl, currency, rooms, today }, cell, room);

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('explain.title', { room: room.name, date: longDate(intl, date) })}
      </DialogTitle>
      <DialogContent>
        {!cell || !explanation ? (
          <Typography>{t('explain.noPrice')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography variant="h5" component="p">
              {t('explain.final', { price: money(cell.recommendedPrice) })}
            </Typography>
            <Typography data-testid="price-chain" sx={{ fontWeight: 500 }}>
              {explanation.chain}
            </Typography>
            <Stack
              component="ol"
              aria-label={t('explain.stepsLabel')}
              spacing={0.75}
              sx={{ m: 0, paddingInlineStart: 3 }}
            >
              {explanation.lines.map((line, i) => (
                <Typography component="li" key={i} variant="body2">
                  {line}
                </Typography>
              ))}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('explain.occupancy', {
                occupancy: formatOccupancy(intl, cell.occupancy),
                sold: intl.number(cell.roomsSold),
                available: intl.number(cell.roomsAvailable),
              })}
            </Typography>
            {cell.override && (
              <Alert severity={cell.override.outOfBounds ? 'warning' : 'info'}>
                {cell.override.outOfBounds
                  ? t('explain.overrideOutOfBounds', {
                      price: money(cell.override.price),
                      min: money(room.minPrice),
                      max: money(room.maxPrice),
                    })
                  : t('explain.override', { price: money(cell.override.price) })}
              </Alert>
            )}
            {cell.publishedPrice !== null && cell.publishedPrice !== cell.recommendedPrice && (
              <Alert severity="info">
                {t('explain.unpublished', { price: money(cell.publishedPrice) })}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {cell?.override && (
          <Button color="inherit" onClick={onClearOverride}>
            {t('actions.clearOverride')}
          </Button>
        )}
        <Button onClick={onSetPrice}>{t('actions.setPrice')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
