import CloseIcon from '@mui/icons-material/Close';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { useVisibleNavigation } from '../useVisibleNavigation';
import { NavEntries } from './NavEntries';

export const navWidth = 260;
const miniNavWidth = 72;

interface VerticalNavProps {
  /** Below md + 16 px the navigation is a drawer over the page (docs/shell.md). */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

/**
 * The vertical navigation: beside the page on wide screens (collapsible to icons, unfolding while
 * the pointer or the keyboard is in it), an overlay drawer on narrow ones.
 */
export function VerticalNav({
  overlay,
  open,
  onClose,
  collapsed,
  onToggleCollapsed,
}: VerticalNavProps) {
  const { t } = useTranslation();
  const items = useVisibleNavigation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const mini = !overlay && collapsed && !hovered && !focused;
  const docked = !overlay && collapsed;

  const header = (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        minBlockSize: 64,
        paddingInlineStart: mini ? 2.75 : 2.75,
        paddingInlineEnd: 1.5,
        overflow: 'hidden',
      }}
    >
      <Box
        component={Link}
        to="/"
        onClick={overlay ? onClose : undefined}
        aria-label={t('shell:nav.home')}
        sx={{ textDecoration: 'none', borderRadius: 1, display: 'flex' }}
      >
        <Logo hideName={mini} />
      </Box>
      {overlay ? (
        <IconButton onClick={onClose} aria-label={t('shell:nav.close')}>
          <CloseIcon />
        </IconButton>
      ) : (
        !mini && (
          <Tooltip title={t(collapsed ? 'shell:nav.pin' : 'shell:nav.collapse')}>
            <IconButton
              onClick={onToggleCollapsed}
              aria-label={t('shell:nav.collapse')}
              aria-pressed={collapsed}
              size="small"
            >
              <MenuOpenIcon
                sx={{
                  transform: collapsed ? 'scaleX(-1)' : 'none',
                  '[dir=rtl] &': { transform: collapsed ? 'none' : 'scaleX(-1)' },
                }}
              />
            </IconButton>
          </Tooltip>
        )
      )}
    </Box>
  );

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Drawer
      variant={overlay ? 'temporary' : 'permanent'}
      open={overlay ? open : true}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        inlineSize: overlay ? undefined : docked ? miniNavWidth : navWidth,
        flexShrink: 0,
        transition: 'inline-size .25s',
        '& .MuiDrawer-paper': {
          inlineSize: mini ? miniNavWidth : navWidth,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: 'inline-size .25s',
          borderInlineEnd: 0,
          boxShadow: docked && !mini ? 8 : overlay ? 16 : 2,
          bgcolor: 'background.paper',
        },
      }}
      slotProps={{
        paper: {
          onMouseEnter: () => docked && setHovered(true),
          onMouseLeave: () => setHovered(false),
          onFocus: () => docked && setFocused(true),
          onBlur,
        },
      }}
    >
      {header}
      <Box
        component="nav"
        aria-label={t('nav:mainNavigation')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', pb: 2 }}
      >
        <NavEntries items={items} mini={mini} onNavigate={overlay ? onClose : undefined} />
      </Box>
    </Drawer>
  );
}
