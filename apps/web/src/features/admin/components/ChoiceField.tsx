import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A select of a few values, each with its label; `allLabel` adds "All" (the value ''). */
export function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  allLabel,
  size,
}: {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V | '') => void;
  allLabel?: string;
  size?: 'small';
}) {
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
      sx={{ minInlineSize: 160 }}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
