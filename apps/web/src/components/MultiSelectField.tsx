import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * A small select of several values: shows the chosen labels joined, or `placeholder` for none.
 *
 * ```tsx
 * <MultiSelectField label="What" placeholder="Everything" value={entities}
 *   options={entities.map((e) => ({ value: e, label: t(`entities.${e}`) }))} onChange={set} />
 * ```
 */
export function MultiSelectField<T extends string>({
  label,
  placeholder,
  value,
  options,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: T[];
  options: readonly { value: T; label: string }[];
  onChange: (next: T[]) => void;
}) {
  const labelOf = new Map(options.map((option) => [option.value, option.label]));
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as T[] | string;
        onChange((typeof next === 'string' ? next.split(',').filter(Boolean) : next) as T[]);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const list = selected as T[];
            return list.length
              ? list.map((item) => labelOf.get(item) ?? item).join(', ')
              : placeholder;
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
