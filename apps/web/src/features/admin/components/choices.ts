import type { TFunction } from 'i18next';
import { planIds, roles } from '@tarifa/contract';

/** The roles an account can hold, translated, for a select. */
export const roleChoices = (t: TFunction) =>
  roles.map((id) => ({ value: id, label: t(`admin:roles.${id}`) }));

/** The plans, by their names, for a select. */
export const planChoices = (t: TFunction) =>
  planIds.map((id) => ({ value: id, label: t(`plans:names.${id}`) }));
