import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { planHas } from '@tarifa/contract';
import { ProChip } from '@/components/plans/ProChip';
import { usePropertyPlan } from '@/api/plans';
import type { BarType } from '@/lib/preferences/preferences';
import {
  isActiveGroup,
  isActiveTarget,
  pagesOf,
  type NavGroupItem,
  type NavLinkItem,
  type NavSectionItem,
} from '../navigation';
import { useVisibleNavigation } from '../useVisibleNavigation';

const buttonSx = (active: boolean) =>
  ({
    px: 1.75,
    py: 1,
    whiteSpace: 'nowrap',
    flexShrink: 0,
    color: active ? 'primary.contrastText' : 'text.primary',
    bgcolor: active ? 'primary.main' : 'transparent',
    '&:hover': { bgcolor: active ? 'primary.dark' : 'action.hover' },
    '& .MuiButton-startIcon': { color: active ? 'inherit' : 'text.secondary' },
  }) as const;

function TopLink({ item }: { item: NavLinkItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = isActiveTarget(item.to, location);
  const Icon = item.icon;
  return (
    <Button
      component={Link}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      startIcon={Icon ? <Icon /> : undefined}
      sx={buttonSx(active)}
    >
      {t(item.title)}
    </Button>
  );
}

function TopMenu({ item }: { item: NavGroupItem | NavSectionItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const active = isActiveGroup(item, location);
  const plan = usePropertyPlan();
  const Icon = item.icon;
  const entries = pagesOf(item);
  return (
    <>
      <Button
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<Icon />}
        endIcon={<ExpandMoreIcon />}
        sx={buttonSx(active)}
      >
        {t(item.title)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {entries.map((entry) => {
          const current = isActiveTarget(entry.to, location);
          const EntryIcon = entry.icon;
          return (
            <MenuItem
              key={entry.to}
              component={Link}
              to={entry.to}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={() => setAnchor(null)}
              sx={{ minInlineSize: 220 }}
            >
              <ListItemIcon>
                {EntryIcon ? (
                  <EntryIcon fontSize="small" />
                ) : (
                  <RadioButtonUncheckedIcon sx={{ fontSize: 12, mx: 0.5 }} />
                )}
              </ListItemIcon>
              {t(entry.title)}
              {entry.feature && !planHas(plan, entry.feature) && (
                <Box component="span" sx={{ marginInlineStart: 'auto', paddingInlineStart: 1 }}>
                  <ProChip feature={entry.feature} />
                </Box>
              )}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** The same menu as the vertical navigation, as a bar under the navbar (a preference). */
export function HorizontalNav({ type, maxInlineSize }: { type: BarType; maxInlineSize?: number }) {
  const { t } = useTranslation();
  const items = useVisibleNavigation();
  if (type === 'hidden') return null;
  return (
    <Box
      sx={{
        position: type === 'sticky' ? 'sticky' : 'static',
        top: type === 'sticky' ? 76 : undefined,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        px: 3,
        pt: 1.5,
      }}
    >
      <Box
        component="nav"
        aria-label={t('nav:mainNavigation')}
        sx={{
          mx: 'auto',
          maxInlineSize,
          display: 'flex',
          gap: 0.5,
          p: 1,
          overflowX: 'auto',
          bgcolor: 'background.paper',
          borderRadius: 1.5,
          boxShadow: 1,
        }}
      >
        {items.map((item) =>
          item.kind === 'link' ? (
            <TopLink key={item.to} item={item} />
          ) : (
            <TopMenu key={item.title} item={item} />
          ),
        )}
      </Box>
    </Box>
  );
}
