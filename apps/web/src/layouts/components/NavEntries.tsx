import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { planHas } from '@tarifa/contract';
import { ProChip } from '@/components/plans/ProChip';
import { usePropertyPlan } from '@/api/plans';
import {
  isActiveGroup,
  isActiveTarget,
  type NavGroupItem,
  type NavItem,
  type NavLinkItem,
} from '../navigation';

interface EntryProps {
  /** Only icons are shown (the collapsed vertical navigation). */
  mini: boolean;
  onNavigate?: () => void;
}

const rowSx = {
  borderRadius: 1.5,
  mx: 1.5,
  my: 0.25,
  minBlockSize: 40,
  px: 1.5,
  '&.active': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    boxShadow: (theme: { palette: { primary: { main: string } } }) =>
      `0 2px 6px ${alpha(theme.palette.primary.main, 0.3)}`,
    '& .MuiListItemIcon-root': { color: 'inherit' },
    '&:hover': { bgcolor: 'primary.dark' },
  },
} as const;

function NavIcon({ item, nested }: { item: NavLinkItem | NavGroupItem; nested?: boolean }) {
  const Icon = item.icon;
  return (
    <ListItemIcon sx={{ minInlineSize: 34, color: 'text.secondary' }}>
      {Icon ? (
        <Icon fontSize="small" />
      ) : (
        <RadioButtonUncheckedIcon sx={{ fontSize: nested ? 10 : 14, mx: nested ? 0.5 : 0 }} />
      )}
    </ListItemIcon>
  );
}

function NavLinkEntry({
  item,
  mini,
  onNavigate,
  nested,
}: EntryProps & { item: NavLinkItem; nested?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = isActiveTarget(item.to, location);
  const label = t(item.title);
  const plan = usePropertyPlan();
  const locked = Boolean(item.feature && !planHas(plan, item.feature));
  return (
    <ListItemButton
      component={Link}
      to={item.to}
      onClick={onNavigate}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      aria-label={mini ? label : undefined}
      sx={rowSx}
    >
      <NavIcon item={item} nested={nested} />
      <ListItemText
        primary={label}
        sx={{ opacity: mini ? 0 : 1, whiteSpace: 'nowrap', transition: 'opacity .2s' }}
        slotProps={{ primary: { noWrap: true } }}
      />
      {locked && item.feature && !mini && <ProChip feature={item.feature} />}
    </ListItemButton>
  );
}

/** A group: its label opens its page, the chevron folds its children (open when one is shown). */
function NavGroupEntry({ item, mini, onNavigate }: EntryProps & { item: NavGroupItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = isActiveGroup(item, location);
  // A child that opens the group's page (the price calendar) is the one marked as shown.
  const ownPage =
    isActiveTarget(item.to, location) && !item.children.some((child) => child.to === item.to);
  const [open, setOpen] = useState(active);
  // Arriving on one of its pages opens the group (and leaves it open afterwards).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpen(true);
  }
  const listId = useId();
  const label = t(item.title);

  return (
    <>
      <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center' }}>
        <ListItemButton
          component={Link}
          to={item.to}
          onClick={onNavigate}
          className={ownPage ? 'active' : undefined}
          aria-current={ownPage ? 'page' : undefined}
          aria-label={mini ? label : undefined}
          sx={{
            ...rowSx,
            flex: 1,
            paddingInlineEnd: 5,
            ...(active && !ownPage ? { bgcolor: 'action.selected' } : {}),
          }}
        >
          <NavIcon item={item} />
          <ListItemText
            primary={label}
            sx={{ opacity: mini ? 0 : 1, whiteSpace: 'nowrap' }}
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
        {!mini && (
          <IconButton
            size="small"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(open ? 'shell:nav.hideChildren' : 'shell:nav.showChildren', {
              name: label,
            })}
            sx={{
              position: 'absolute',
              insetInlineEnd: 18,
              color: ownPage ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            <ExpandMoreIcon
              fontSize="small"
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform .2s' }}
            />
          </IconButton>
        )}
      </Box>
      <Collapse in={open && !mini} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {item.children.map((child) => (
            // A list holds list items only (screen readers count them; Lighthouse checks it).
            <ListItem key={child.to} disablePadding sx={{ display: 'block' }}>
              <NavLinkEntry item={child} mini={mini} onNavigate={onNavigate} nested />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The entries of the vertical navigation (or its overlay drawer). */
export function NavEntries({ items, mini, onNavigate }: EntryProps & { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <List disablePadding sx={{ py: 1 }}>
      {items.map((item) => {
        if (item.kind === 'link')
          return (
            <ListItem key={item.to} disablePadding sx={{ display: 'block' }}>
              <NavLinkEntry item={item} mini={mini} onNavigate={onNavigate} />
            </ListItem>
          );
        if (item.kind === 'group')
          return (
            <ListItem key={item.to} disablePadding sx={{ display: 'block' }}>
              <NavGroupEntry item={item} mini={mini} onNavigate={onNavigate} />
            </ListItem>
          );
        return (
          <ListItem key={item.title} disablePadding sx={{ display: 'block' }}>
            <List disablePadding aria-label={t(item.title)} data-tour-section={item.title}>
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  mt: 1.5,
                  px: 3,
                  lineHeight: '32px',
                  typography: 'overline',
                  color: 'text.secondary',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {mini ? (
                  <Box
                    component="span"
                    sx={{ display: 'block', borderBlockEnd: 1, borderColor: 'divider', mt: 2 }}
                  />
                ) : (
                  t(item.title)
                )}
              </ListSubheader>
              {item.children.map((child) => (
                <ListItem key={child.to} disablePadding sx={{ display: 'block' }}>
                  <NavLinkEntry item={child} mini={mini} onNavigate={onNavigate} />
                </ListItem>
              ))}
            </List>
          </ListItem>
        );
      })}
    </List>
  );
}
