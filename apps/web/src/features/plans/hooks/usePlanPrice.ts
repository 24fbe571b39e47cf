import type { TPlan, TPlanInterval } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';

/**
 * A plan's prices and limits as the pricing page words them: per month (a yearly price divided
 * by 12), per year, the yearly saving against twelve months, each in the plan's currency.
 */
export function usePlanPrice(plan: TPlan, billing: TPlanInterval) {
  const { t } = useTranslation('plans');
  const intl = useIntl();
  const money = (minor: number) =>
    intl.money(minor / 100, plan.currency, {
      maximumFractionDigits: Number.isInteger(minor / 100) ? 0 : 2,
    });
  const limit = (value: number | null, key: keyof TPlan['limits']) =>
    value === null
      ? t(`limits.${key}Unlimited`)
      : t(`limits.${key}`, { number: intl.number(value) });
  const monthly = billing === 'monthly';
  return {
    free: plan.monthlyPrice === 0,
    perMonth: money(monthly ? plan.monthlyPrice : Math.round(plan.yearlyPrice / 12)),
    perYear: money(plan.yearlyPrice),
    saving: money(plan.monthlyPrice * 12 - plan.yearlyPrice),
    /** What is paid now for this billing: "€29 a month" or "€290 a year". */
    charge: monthly
      ? t('chargeMonthly', { amount: money(plan.monthlyPrice) })
      : t('chargeYearly', { amount: money(plan.yearlyPrice) }),
    properties: limit(plan.limits.properties, 'properties'),
    roomTypes: limit(plan.limits.roomTypes, 'roomTypes'),
    ratePlans: limit(plan.limits.ratePlans, 'ratePlans'),
  };
}
