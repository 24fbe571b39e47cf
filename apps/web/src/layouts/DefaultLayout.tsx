import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAbility } from '@casl/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { ThemeSwitcher } from '../components/ThemeSwitcher';
import type { AppAbility } from '../lib/auth/ability';
import { breakpoints } from '../lib/theme/theme';
import { navigation, type NavItem } from './navigation';

const drawerWidth = 260;

function allowed(ability: AppAbility, item: NavItem) {
  return ability.can(item.action ?? 'manage', item.subject ?? 'all');
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const render = (items: NavItem[], depth: number): ReactNode[] =>
    items
      .filter((item) => allowed(ability, item))
      .flatMap((item) => [
        <ListItemButton
          key={item.to + item.title}
          component={NavLink}
          to={item.to}
          end
          onClick={onNavigate}
          sx={{
            borderRadius: 1.5,
            mx: 1.5,
            my: 0.25,
            ps: 2 + depth * 2,
            '&.active': {
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '& .MuiListItemIcon-root': { color: 'inherit' },
            },
          }}
        >
          {item.icon && (
            <ListItemIcon sx={{ minInlineSize: 36 }}>
              <item.icon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText primary={t(item.title)} />
        </ListItemButton>,
        ...render(item.children ?? [], depth + 1),
      ]);
  return (
    <Box component="nav" aria-label={t('nav:mainNavigation')}>
      <List>{render(navigation, 0)}</List>
    </Box>
  );
}

/**
 * The signed-in frame: vertical navigation (an overlay drawer below md + 16 px, SPEC §9), the
 * navbar, and the page. The application-shell issue fills in search, shortcuts, notifications,
 * the business switcher, the profile menu and the customizer.
 */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const overlay = useMediaQuery(`(max-width:${breakpoints.md + 16 - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);

  const brand = (
    <Toolbar>
      <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 700 }}>
        {t('app.name')}
      </Typography>
    </Toolbar>
  );

  return (
    <Box sx={{ display: 'flex', minBlockSize: '100vh', bgcolor: 'background.default' }}>
      <Drawer
        variant={overlay ? 'temporary' : 'permanent'}
        open={overlay ? open : true}
        onClose={() => setOpen(false)}
        sx={{
          inlineSize: overlay ? undefined : drawerWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { inlineSize: drawerWidth, boxSizing: 'border-box' },
        }}
      >
        {brand}
        <NavList onNavigate={overlay ? () => setOpen(false) : undefined} />
      </Drawer>
      <Box sx={{ flex: 1, minInlineSize: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ backdropFilter: 'blur(6px)', bgcolor: 'transparent' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            {overlay && (
              <IconButton
                edge="start"
                aria-label={t('nav:mainNavigation')}
                onClick={() => setOpen(true)}
              >
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ flex: 1 }} />
            <LanguageSwitcher />
            <ThemeSwitcher />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          sx={{ flex: 1, p: { xs: 2, md: 3 }, maxInlineSize: 1440, inlineSize: '100%', mx: 'auto' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
