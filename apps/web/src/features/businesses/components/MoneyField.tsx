import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useIntl } from '@/lib/intl';

/** The symbol of `currency` as the active language writes it ("€", "US$", "CHF"). */
export function currencySymbol(locale: string, currency: string): string {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** A text field for an amount of `currency`: the symbol in front, a decimal keypad on phones. */
export function MoneyField({
  currency,
  slotProps,
  ...props
}: TextFieldProps & { currency: string }) {
  const { locale } = useIntl();
  return (
    <TextField
      {...props}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object) },
        input: {
          startAdornment: (
            <InputAdornment position="start">{currencySymbol(locale, currency)}</InputAdornment>
          ),
          ...(slotProps?.input as object),
        },
      }}
    />
  );
}
