import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { priceStageWordKey, type TPriceChange, type TPriceStageWordKey } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

/**
 * The colour of each stage, wherever one is shown (a chip, the night's panel): `default` where
 * nothing calls for attention.
 */
export const priceStageColors: Record<
  TPriceStageWordKey,
  'warning' | 'info' | 'error' | 'success' | 'default'
> = {
  recommended: 'default',
  waiting: 'warning',
  approved: 'info',
  sending: 'info',
  sent: 'success',
  not_sent_no_destination: 'default',
  not_sent_delivery_failed: 'error',
  rejected: 'error',
  superseded: 'default',
};

type Staged = Pick<TPriceChange, 'stage' | 'delivery'>;

/**
 * A change's stage in words (`priceChanges:stage.*`, the one vocabulary of a price's life), with
 * where and when a sent one arrived: "Sent to your webhook at 14:32".
 */
function usePriceStageWords() {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  return {
    /** The stage alone, as chips and filters say it. */
    short: (change: Staged) => t(`stage.${priceStageWordKey(change.stage, change.delivery)}`),
    /** The stage as a sentence, naming the destination and the time it was delivered. */
    long: (change: Staged) => {
      const { destination, deliveredAt } = change.delivery;
      if (change.stage === 'sent' && destination && deliveredAt) {
        const when = intl.date(new Date(deliveredAt), { dateStyle: 'medium', timeStyle: 'short' });
        return t(`sentTo.${destination}`, { when });
      }
      if (change.stage === 'sending' && destination) return t(`sendingTo.${destination}`);
      return t(`stage.${priceStageWordKey(change.stage, change.delivery)}`);
    },
  };
}

/** A change's stage as a coloured chip; the full sentence (where, when) on hover and for readers. */
export function PriceStageChip({ change }: { change: Staged }) {
  const words = usePriceStageWords();
  const key = priceStageWordKey(change.stage, change.delivery);
  const long = words.long(change);
  return (
    <Chip
      size="small"
      color={priceStageColors[key]}
      variant={key === 'waiting' || key === 'sent' ? 'filled' : 'outlined'}
      label={words.short(change)}
      title={long}
      aria-label={long}
      data-stage={change.stage}
      sx={{ maxInlineSize: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}

/** The stage as a line of text (the night's panel). */
export function PriceStageLine({ change }: { change: Staged }) {
  const words = usePriceStageWords();
  return (
    <Typography variant="body2" data-testid="price-stage" data-stage={change.stage}>
      {words.long(change)}
    </Typography>
  );
}
