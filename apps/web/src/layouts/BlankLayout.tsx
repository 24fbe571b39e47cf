import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SkipLink } from '@/components/SkipLink';

// The switchers' tooltips and menus (Popper, Modal: 30 KB, a sixth of the sign-in page's scripts)
// load once the page is drawn (the router shows this layout with its page); their place is kept
// meanwhile, so nothing moves when they appear.
const LanguageSwitcher = lazy(() =>
  import('@/components/LanguageSwitcher').then((m) => ({ default: m.LanguageSwitcher })),
);
const ThemeSwitcher = lazy(() =>
  import('@/components/ThemeSwitcher').then((m) => ({ default: m.ThemeSwitcher })),
);
/** Two icon buttons' width and height (40 px each, 4 px apart). */
const switchersSize = { inlineSize: 84, blockSize: 40 };

/**
 * For the auth and error pages: no navigation, the language and theme switchers, the page centred
 * (each page shows the brand as it sees fit).
 */
export default function BlankLayout({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);
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
        <Suspense fallback={<Box sx={switchersSize} />}>
          {drawn ? (
            <>
              <LanguageSwitcher />
              <ThemeSwitcher />
            </>
          ) : (
            <Box sx={switchersSize} />
          )}
        </Suspense>
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
