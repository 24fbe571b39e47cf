import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { ThemeSwitcher } from '../components/ThemeSwitcher';

/** For the auth and error pages: no navigation, the page centred. */
export default function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minBlockSize: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', p: 1.5 }}>
        <LanguageSwitcher />
        <ThemeSwitcher />
      </Stack>
      <Box
        component="main"
        id="main"
        sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}
      >
        {children}
      </Box>
    </Box>
  );
}
