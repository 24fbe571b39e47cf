import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ScrollToTop } from '@/components/ScrollToTop';
import { SkipLink } from '@/components/SkipLink';
import { SnackbarHost } from '@/components/SnackbarHost';
import { TourOverlay } from '@/features/tour/components/TourOverlay';
import { setPreference, usePreferences } from '@/lib/preferences/preferences';
import { overlayNavQuery } from '@/lib/theme/theme';
import { Customizer } from './components/Customizer';
import { Footer } from './components/Footer';
import { HorizontalNav } from './components/HorizontalNav';
import { Navbar } from './components/Navbar';
import { SearchDialog } from './components/SearchDialog';
import { ShellContext, type ShellActions } from './components/ShellContext';
import { ShellGate } from './components/ShellGate';
import { VerticalNav } from './components/VerticalNav';

/** Content width when the `boxed` preference is on. */
export const boxedWidth = 1440;

/**
 * The signed-in frame: vertical navigation (an overlay drawer below md + 16 px) or
 * the horizontal variant, the navbar, the page, the footer, the scroll-to-top button, the global
 * search (Ctrl/⌘-K) and the preferences drawer. Shown once the user and the businesses are loaded.
 */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const prefs = usePreferences();
  const overlay = useMediaQuery(overlayNavQuery, { noSsr: true });
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const actions = useMemo<ShellActions>(
    () => ({
      openSearch: () => setSearchOpen(true),
      openCustomizer: () => setCustomizerOpen(true),
      openNav: () => setNavOpen(true),
    }),
    [],
  );

  const horizontal = prefs.contentLayoutNav === 'horizontal' && !overlay;
  const maxInlineSize = prefs.contentWidth === 'boxed' ? boxedWidth : undefined;

  return (
    <ShellContext.Provider value={actions}>
      <ShellGate>
        <SkipLink />
        <Box sx={{ display: 'flex', minBlockSize: '100vh', bgcolor: 'background.default' }}>
          {!horizontal && (
            <VerticalNav
              overlay={overlay}
              open={navOpen}
              onClose={() => setNavOpen(false)}
              collapsed={prefs.verticalNavCollapsed}
              onToggleCollapsed={() =>
                setPreference('verticalNavCollapsed', !prefs.verticalNavCollapsed)
              }
            />
          )}
          <Box sx={{ flex: 1, minInlineSize: 0, display: 'flex', flexDirection: 'column' }}>
            <Navbar
              type={prefs.navbarType}
              blur={prefs.navbarBlur}
              withMenuButton={overlay}
              withBrand={horizontal || overlay}
              compact={compact}
              maxInlineSize={maxInlineSize}
            />
            {horizontal && (
              <HorizontalNav type={prefs.horizontalNavType} maxInlineSize={maxInlineSize} />
            )}
            <Box
              component="main"
              id="main"
              tabIndex={-1}
              sx={{
                flex: 1,
                inlineSize: '100%',
                maxInlineSize,
                mx: 'auto',
                px: { xs: 2, md: 3 },
                py: { xs: 2, md: 3 },
                outline: 'none',
              }}
            >
              {children}
            </Box>
            <Footer type={prefs.footerType} maxInlineSize={maxInlineSize} />
          </Box>
        </Box>
        <ScrollToTop bottom={prefs.footerType === 'sticky' ? 88 : 24} />
        <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        <TourOverlay />
        <SnackbarHost />
      </ShellGate>
    </ShellContext.Provider>
  );
}
