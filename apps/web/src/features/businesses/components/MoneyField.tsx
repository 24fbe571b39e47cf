import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useIntl } from '@/lib/intl';
import { currencySymbol } from '@/lib/numbers';

// Kept for RoomTypeDialog.tsx (owned elsewhere) until it imports it from `@/lib/numbers`.

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
