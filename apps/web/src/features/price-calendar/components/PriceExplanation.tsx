import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoomTariff, TPriceCell, TPriceChange } from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { explainCell, formatMoney, formatOccupancy, longDate } from '@/api/prices';
import { ChannelDeliveries } from './ChannelDeliveries';
import { MarketDetails } from './MarketDetails';
import { NightPriceLife, PendingChange } from './PendingChange';
import { RestrictionList } from './marks/RestrictionMarks';

interface PriceExplanationProps {
  room: TRoomTariff;
  date: string;
  /** Undefined when the API gave no price for this night. */
  cell: TPriceCell | undefined;
  /** The night's change waiting for approval, if any. */
  change?: TPriceChange;
  businessUuid: string;
  rooms: readonly TRoomTariff[];
  currency: string;
  today: string;
  onClose: () => void;
  /**
   * The base plan's name when the cell is another plan's or another number of guests': it follows
   * the base price, so its own history and the price and override buttons are the base plan's.
   */
  followsBase?: string | undefined;
  /** Opens "Set price" for this night. */
  onSetPrice: () => void;
  /** Clears this night's manual price (offered only when it has one). */
  onClearOverride: () => void;
}

/**
 * Why a night has its price, beside the calendar: the waterfall from the base price through each
 * step to the final price, one line a step, with the night's occupancy and what is marked on it.
 * It is not a dialog, so the owner can keep selecting nights (Shift-click) while reading it; a
 * screen reader hears it when it changes.
 */
export function PriceExplanation({
  room,
  date,
  cell,
  change,
  businessUuid,
  rooms,
  currency,
  today,
  onClose,
  followsBase,
  onSetPrice,
  onClearOverride,
}: PriceExplanationProps) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const money = (value: number) => formatMoney(intl, value, currency);
  const explanation = cell && explainCell({ t, intl, currency, rooms, today }, cell, room);

  // Bring it into view (it sits below the calendar on small screens).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [room.uuid, date]);

  return (
    <Paper
      ref={ref}
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      aria-live="polite"
      sx={{ p: 2 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ flex: 1 }}>
            {t('explain.title', { room: room.name, date: longDate(intl, date) })}
          </Typography>
          <IconButton size="small" onClick={onClose} aria-label={t('actions.close')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
        {!cell || !explanation ? (
          <Typography>{t('explain.noPrice')}</Typography>
        ) : (
          <>
            <Typography variant="h6" component="p">
              {t('explain.final', { price: money(cell.recommendedPrice) })}
            </Typography>
            <Typography data-testid="price-chain" sx={{ fontWeight: 500 }}>
              {explanation.chain}
            </Typography>
            <Stack
              component="ol"
              aria-label={t('explain.stepsLabel')}
              spacing={0.5}
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
            <MarketDetails cell={cell} currency={currency} />
            <RestrictionList restrictions={cell.restrictions} />
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
            {cell.publishedPrice !== null && (
              <ChannelDeliveries businessUuid={businessUuid} roomUuid={room.uuid} night={date} />
            )}
          </>
        )}
        {followsBase !== undefined ? (
          <Typography variant="body2" color="text.secondary">
            {t('rate.followsBaseNight', { base: isolate(intl, followsBase) })}
          </Typography>
        ) : (
          <>
            {change ? (
              <PendingChange businessUuid={businessUuid} change={change} currency={currency} />
            ) : (
              <NightPriceLife
                businessUuid={businessUuid}
                roomUuid={room.uuid}
                date={date}
                currency={currency}
              />
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {cell?.override && (
                <Button size="small" color="inherit" onClick={onClearOverride}>
                  {t('actions.clearOverrideNight')}
                </Button>
              )}
              <Button size="small" variant="outlined" onClick={onSetPrice}>
                {t('actions.setPriceNight')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
