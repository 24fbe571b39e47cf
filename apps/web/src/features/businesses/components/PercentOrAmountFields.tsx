import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDerivedType } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { amountText, currencySymbol, numberText } from '@/lib/numbers';

/** A text field's binding: what it holds, its change, and what it says under it. */
export interface BoundField {
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
}

/** A percent or an amount as a form holds it: the number as typed. */
export interface PercentOrAmountDraft {
  type: TDerivedType;
  value: string;
}

/** A stored percent or amount as the owner types it back in `locale` ("12,5", "25,50"). */
export function draftOfPercentOrAmount(
  adjustment: { type: TDerivedType; value: number },
  locale: string,
): PercentOrAmountDraft {
  const text = adjustment.type === 'percent' ? numberText : amountText;
  return { type: adjustment.type, value: text(adjustment.value, locale) };
}

/**
 * A percent or an amount side by side: its unit (%, or the currency's symbol) and the number,
 * labelled `label`, showing the unit it is in. Put it inside a group that says what it changes:
 * the labels are short.
 */
export function PercentOrAmountFields({
  currency,
  label,
  unit,
  value,
}: {
  currency: string;
  label: string;
  unit: BoundField;
  value: BoundField;
}) {
  const { t } = useTranslation('property');
  const { locale } = useIntl();
  const percent = unit.value === 'percent';
  const adornment = percent ? (
    <InputAdornment position="end">%</InputAdornment>
  ) : (
    <InputAdornment position="start">{currencySymbol(locale, currency)}</InputAdornment>
  );
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'flex-start', flex: 1, minInlineSize: 0 }}
    >
      <TextField
        select
        label={t('percentOrAmount.unit')}
        size="small"
        sx={{ minInlineSize: 88 }}
        {...unit}
      >
        <MenuItem value="percent">%</MenuItem>
        <MenuItem value="amount">{currencySymbol(locale, currency)}</MenuItem>
      </TextField>
      <TextField
        label={label}
        size="small"
        fullWidth
        {...value}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: percent ? { endAdornment: adornment } : { startAdornment: adornment },
        }}
      />
    </Stack>
  );
}
