import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import RouteIcon from '@mui/icons-material/RouteOutlined';
import SettingsIcon from '@mui/icons-material/TuneOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/UserAvatar';
import { useCurrentPlan } from '@/api/plans';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/auth/session';
import { useShell } from './ShellContext';

/** The signed-in user: who they are, their account pages, preferences, and signing out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { userData } = useSession();
  const { openCustomizer } = useShell();
  const signOut = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const name = userData?.name ?? '';
  const role = userData?.roles.includes('super-admin') ? 'super-admin' : 'client';
  const plan = useCurrentPlan();

  const links = [
    { to: '/account-settings/account', label: t('user.account'), icon: PersonIcon },
    { to: '/account-settings/security', label: t('user.security'), icon: LockIcon },
    { to: '/pages/pricing', label: t('user.plans'), icon: WorkspacePremiumIcon },
    { to: '/extensions/tour', label: t('user.tour'), icon: RouteIcon },
    { to: '/faq', label: t('user.help'), icon: HelpIcon },
  ];

  return (
    <>
      <IconButton
        aria-label={t('user.menu', { name })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5, marginInlineStart: 0.5 }}
      >
        <Badge
          overlap="circular"
          variant="dot"
          color="success"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          <UserAvatar name={name} filename={userData?.profile_img_filename} />
        </Badge>
      </IconButton>
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minInlineSize: 240, mt: 1 } } }}
      >
        {/* Who is signed in: above the menu, not one of its items. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
          <UserAvatar name={name} filename={userData?.profile_img_filename} />
          <Box sx={{ minInlineSize: 0 }}>
            <Typography variant="subtitle2" noWrap sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {/* A client sees their plan, named as the plans page names it. */}
              {role === 'client'
                ? t('user.plan', { plan: t(`plans:names.${plan}`) })
                : t(`user.roles.${role}`)}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuList
          id={menuId}
          autoFocusItem
          aria-label={t('user.menu', { name })}
          onKeyDown={(event) => {
            if (event.key === 'Tab') close();
          }}
        >
          {links.map(({ to, label, icon: Icon }) => (
            <MenuItem key={to} component={Link} to={to} onClick={close}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {label}
            </MenuItem>
          ))}
          <MenuItem
            onClick={() => {
              close();
              openCustomizer();
            }}
          >
            <ListItemIcon>
              <SettingsIcon fontSize="small" />
            </ListItemIcon>
            {t('customizer.title')}
          </MenuItem>
          <Divider />
          <MenuItem onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
            </ListItemIcon>
            {t('user.logout')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
