import MoreIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '@tarifa/contract';
import type { UserChange } from './UserChangeDialog';

/**
 * A row's changes (role, plan, disable or enable) behind one button named after the person, so the
 * users table fits its columns; each choice opens the confirmation.
 */
export function UserActionsMenu({
  user,
  onChoose,
}: {
  user: TAdminUser;
  onChoose: (change: UserChange) => void;
}) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const changes: { change: UserChange; label: string }[] = [
    { change: 'role', label: 'users.actions.roleOf' },
    { change: 'plan', label: 'users.actions.planOf' },
    user.disabled
      ? { change: 'enable', label: 'users.actions.enableOf' }
      : { change: 'disable', label: 'users.actions.disableOf' },
  ];
  const choose = (change: UserChange) => {
    setAnchor(null);
    onChoose(change);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('users.actions.menuOf', { name: user.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {changes.map(({ change, label }) => (
          <MenuItem
            key={change}
            onClick={() => choose(change)}
            sx={change === 'disable' ? { color: 'error.main' } : undefined}
          >
            {t(label, { name: user.name })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
