import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { TRoomTariff } from '@tarifa/contract';

interface RoomTypesSelectProps {
  label: string;
  /** What an empty choice means, shown in its place: e.g. "All room types". */
  allLabel: string;
  rooms: readonly Pick<TRoomTariff, 'uuid' | 'name' | 'code'>[];
  value: readonly string[];
  onChange: (uuids: string[]) => void;
  helperText?: ReactNode;
  error?: boolean;
  name?: string;
  disabled?: boolean;
}

/**
 * The room types a rule covers (a season, a group of occupancy levels…), several at once; none
 * chosen means all of them, and the field says so.
 */
export function RoomTypesSelect({
  label,
  allLabel,
  rooms,
  value,
  onChange,
  helperText,
  error,
  name,
  disabled,
}: RoomTypesSelectProps) {
  const names = new Map(rooms.map((room) => [room.uuid, room.name]));
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={label}
      value={value}
      error={error}
      helperText={helperText}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',').filter(Boolean) : next);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const uuids = selected as string[];
            return uuids.length === 0 ? allLabel : uuids.map((u) => names.get(u) ?? u).join(', ');
          },
        },
      }}
    >
      {rooms.map((room) => (
        <MenuItem key={room.uuid} value={room.uuid}>
          <Checkbox
            checked={value.includes(room.uuid)}
            size="small"
            sx={{ p: 0.5, marginInlineEnd: 1 }}
          />
          <ListItemText primary={room.name} secondary={room.code} />
        </MenuItem>
      ))}
    </TextField>
  );
}
