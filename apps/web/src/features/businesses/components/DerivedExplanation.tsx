import Alert from '@mui/material/Alert';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TDerivedFrom, TRoomTariff } from '@tarifa/contract';
import { useIntl, type Formatters } from '@/lib/intl';
import { derivedPrice } from '../utils/examplePrice';

/** "10 % less", "€20 more", "the same": an offset in plain words. */
export function describeOffset(
  t: TFunction,
  intl: Formatters,
  offset: Pick<TDerivedFrom, 'type' | 'value'>,
  currency: string,
): string {
  if (offset.value === 0) return t('property:derived.same');
  const amount =
    offset.type === 'percent'
      ? intl.percent(Math.abs(offset.value) / 100, 2)
      : intl.money(Math.abs(offset.value), currency);
  return t(offset.value < 0 ? 'property:derived.less' : 'property:derived.more', { amount });
}

/**
 * What following another room type's price means, on today's price of the parent: "Single follows
 * the price of Double: 10 % less. When Double costs €100.00, Single costs €90.00."
 */
export function DerivedExplanation({
  name,
  parent,
  offset,
  currency,
}: {
  name: string;
  parent: TRoomTariff;
  offset: Pick<TDerivedFrom, 'type' | 'value'>;
  currency: string;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const price = derivedPrice(parent.basePrice, offset);
  return (
    <Alert severity="info" variant="outlined" role="status" aria-live="polite">
      {t('derived.explanation', {
        name,
        parent: parent.name,
        offset: describeOffset(t, intl, offset, currency),
        parentPrice: intl.money(parent.basePrice, currency),
        price: intl.money(price, currency),
      })}
      {price <= 0 && ` ${t('derived.notPositive')}`}
    </Alert>
  );
}
