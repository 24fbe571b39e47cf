import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/**
 * A short label (channel, segment) typed freely, with suggestions: the usual ones and those the
 * property already uses.
 */
export function LabelField({
  label,
  name,
  value,
  suggestions,
  onChange,
  error,
  helperText,
}: {
  label: string;
  name: string;
  value: string;
  suggestions: readonly string[];
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const options = [...new Set(suggestions)];
  return (
    <Autocomplete
      freeSolo
      options={options}
      value={value}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      onChange={(_, next) => onChange(next ?? '')}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
