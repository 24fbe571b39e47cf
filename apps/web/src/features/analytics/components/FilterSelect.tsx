import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A small select of the BI page's filters (a metric, a year, a grouping): one value of `options`. */
export function FilterSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  minWidth = 0,
}: {
  label: string;
  /** `''` shows the select empty (no option chosen). */
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const chosen = options.find(
          (option) => String(option.value) === String(event.target.value),
        );
        if (chosen) onChange(chosen.value);
      }}
      sx={{ minInlineSize: minWidth }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
