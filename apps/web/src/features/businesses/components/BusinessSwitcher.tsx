import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBusinesses, useSelectBusiness } from '@/api/business';
import { useSession } from '@/lib/auth/session';
import { CreateBusinessForm } from './CreateBusinessForm';

/**
 * The navbar's property switcher: shows the selected property (the first of the list);
 * choosing another moves it first, which every page follows. Also adds a property, and for a user
 * with none yet it invites to set one up. A page links to adding one with `?add-property` (the
 * portfolio's empty state): the switcher opens its form.
 */
/** `?add-property` on any page opens the form that adds a property. */
const addPropertyParam = 'add-property';

export function BusinessSwitcher() {
  const { t } = useTranslation('property');
  const { t: tMembers } = useTranslation('members');
  const { userData } = useSession();
  const roleOn = (uuid: string) =>
    userData?.memberships?.find((m) => m.businessUuid === uuid)?.role;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const { data: businesses = [] } = useBusinesses();
  const select = useSelectBusiness();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creatingHere, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const creating = creatingHere || params.has(addPropertyParam);
  const stopCreating = () => {
    setCreating(false);
    if (params.has(addPropertyParam)) {
      setParams(
        (now) => {
          now.delete(addPropertyParam);
          return now;
        },
        { replace: true },
      );
    }
  };
  const selected = businesses[0]?.uuid ? businesses[0] : undefined;

  if (!selected)
    return (
      <Button
        component={Link}
        to="/my-property"
        startIcon={<HomeWorkIcon />}
        size="small"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {narrow ? t('switcher.setUpShort') : t('switcher.setUp')}
      </Button>
    );

  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={t('switcher.label', { name: selected.name })}
        startIcon={<HomeWorkIcon color="primary" />}
        endIcon={<ExpandMoreIcon />}
        sx={{ minInlineSize: 0, flexShrink: 1, textTransform: 'none', fontWeight: 600 }}
      >
        <span
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            maxInlineSize: narrow ? 96 : 220,
          }}
        >
          {selected.name}
        </span>
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { minInlineSize: 260, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('switcher.heading')}</ListSubheader>
        {businesses.map((business) => (
          <MenuItem
            key={business.uuid}
            selected={business.uuid === selected.uuid}
            onClick={() => {
              select(business.uuid);
              close();
            }}
          >
            <ListItemIcon>{business.uuid === selected.uuid && <CheckIcon />}</ListItemIcon>
            <ListItemText
              primary={business.name}
              // A property one is a team member of says the role one holds there.
              secondary={
                [roleOn(business.uuid) && tMembers(`roles.${roleOn(business.uuid)}`), business.city]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              slotProps={{ primary: { noWrap: true } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/my-property/menu');
          }}
        >
          <ListItemIcon>
            <SettingsIcon />
          </ListItemIcon>
          <ListItemText primary={t('switcher.settings')} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon />
          </ListItemIcon>
          <ListItemText primary={t('switcher.add')} />
        </MenuItem>
      </Menu>
      <Dialog open={creating} onClose={stopCreating} fullWidth maxWidth="sm">
        <DialogTitle>{t('create.titleAnother')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <CreateBusinessForm
            onCancel={stopCreating}
            onCreated={() => {
              stopCreating();
              void navigate('/pricing-central/room-form');
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
