import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface InputFieldProps extends Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'endAdornment'
  | 'error'
  | 'fullWidth'
  | 'id'
  | 'name'
  | 'onChange'
  | 'type'
  | 'value'
> {
  label: ReactNode;
  helperText?: ReactNode;
  /** Attributes of the `<input>` itself, e.g. `aria-describedby`. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A text field as MUI's outlined `TextField` draws it (label, input, helper text, linked by ids),
 * without its select mode: `TextField` always brings `Select` with its menu, popover and modal,
 * 16 KB gzip the sign-in pages do without. For the guest pages' fields; elsewhere use `TextField`.
 */
export function InputField({
  id: idOverride,
  label,
  helperText,
  htmlInput,
  error,
  fullWidth,
  ...input
}: InputFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        inputProps={{ 'aria-describedby': helperTextId, ...htmlInput }}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
