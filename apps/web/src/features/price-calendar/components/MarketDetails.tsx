import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPriceCell } from '@tarifa/contract';
import { useSelectedBusiness } from '@/api/business';
import { useIntl } from '@/lib/intl';
import { formatMoney } from '@/api/prices';

/**
 * The market part of a night's explanation: the competitors' median, range and count, and what
 * the market step did — moved the price, found it within its band, or left it alone for want of
 * competitors ("left alone: only 2 competitors").
 */
export function MarketDetails({ cell, currency }: { cell: TPriceCell; currency: string }) {
  const { t } = useTranslation('market');
  const intl = useIntl();
  const minCompetitors =
    useSelectedBusiness().data?.tariffConfiguration.settings.market.minCompetitors ?? 0;
  const market = cell.market;
  if (!market) return null;
  const money = (value: number) => formatMoney(intl, value, currency);
  const count = market.competitors;
  const outcome =
    market.step === 'too_few_competitors'
      ? t('details.tooFew', { count, minimum: intl.number(minCompetitors) })
      : t(`details.${market.step}`);
  return (
    <Alert
      severity={market.step === 'too_few_competitors' ? 'warning' : 'info'}
      data-testid="market-details"
    >
      <Typography variant="subtitle2" component="h4">
        {t('details.title')}
      </Typography>
      <Typography variant="body2">
        {t('details.figures', {
          count,
          median: money(market.median),
          low: money(market.low),
          high: money(market.high),
        })}{' '}
        {outcome}
      </Typography>
    </Alert>
  );
}
