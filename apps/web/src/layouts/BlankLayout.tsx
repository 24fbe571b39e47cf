import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { SkipLink } from '@/components/SkipLink';
import { ThemeSwitcher } from '@/components/ThemeSwitcher';

/**
 * For the auth and error pages: no navigation, the language and theme switchers, the page centred
 * (each page shows the brand as it sees fit).
 */
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
      <SkipLink />
      <Stack
        component="header"
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', px: { xs: 1.5, sm: 3 }, py: 1.5 }}
      >
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        <ThemeSwitcher />
      </Stack>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6, outline: 'none' }}
      >
        {children}
      </Box>
    </Box>
  );
}
