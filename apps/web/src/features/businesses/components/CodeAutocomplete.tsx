import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { Option } from '../utils/options';

/** Picks one code (a country, currency, time zone) by typing part of its name. */
export function CodeAutocomplete({
  label,
  options,
  value,
  onChange,
  error,
  helperText,
  required,
  name,
}: {
  label: string;
  options: Option[];
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  name?: string;
}) {
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, option) => onChange(option?.code ?? null)}
      getOptionLabel={(option) => option.label}
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
