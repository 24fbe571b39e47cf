import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import DesktopIcon from '@mui/icons-material/DesktopWindowsOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeSettings } from '@/lib/theme/ThemeSettings';
import type { ThemeMode } from '@/lib/theme/theme';

const icons: Record<ThemeMode, typeof LightModeIcon> = {
  light: LightModeIcon,
  dark: DarkModeIcon,
  system: DesktopIcon,
};

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Current = icons[mode];
  return (
    <>
      <Tooltip title={t('theme.label')}>
        <IconButton
          aria-label={t('theme.label')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Current />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(Object.keys(icons) as ThemeMode[]).map((option) => {
          const Icon = icons[option];
          return (
            <MenuItem
              key={option}
              selected={mode === option}
              onClick={() => {
                setAnchor(null);
                setMode(option);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {t(`theme.${option}`)}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
