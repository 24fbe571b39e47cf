import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useIntl } from '@/lib/intl';
import { matchingOptions, type Option } from '../utils/options';

/**
 * Picks one code (a country, currency, time zone) by typing part of its name: the names that
 * start with what is typed first, accents aside (`matchingOptions`).
 */
export function CodeAutocomplete({
  label,
  options,
  value,
  onChange,
  error,
  helperText,
  required,
  name,
  preferred,
}: {
  label: string;
  options: Option[];
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  name?: string;
  /** The code listed first among the names that match as well (the browser's country). */
  preferred?: string;
}) {
  const { locale } = useIntl();
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, option) => onChange(option?.code ?? null)}
      getOptionLabel={(option) => option.label}
      filterOptions={(all, state) => matchingOptions(all, state.inputValue, locale, preferred)}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
