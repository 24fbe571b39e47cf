import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A key of the keyboard, as in "Ctrl K". */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minInlineSize: 22,
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        fontFamily: 'inherit',
        fontSize: '0.75rem',
        lineHeight: 1.6,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}
