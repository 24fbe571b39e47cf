import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * One rule of a list (lead time, length of stay): its fields side by side (one under the other on
 * a phone), as a group named `label`, and the button that removes it.
 */
export function RuleRow({
  label,
  removeLabel,
  onRemove,
  children,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      role="group"
      aria-label={label}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      {children}
      <IconButton aria-label={removeLabel} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}
