import CheckIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import PersonIcon from '@mui/icons-material/AccountCircleOutlined';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { TAction, TSubject } from '@tarifa/contract';
import type { AppAbility } from '@/lib/auth/ability';
import { permissionLevel, type PermissionLevel } from '../utils/permissionLevel';

/**
 * What a hotel owner can recognise, each one action on one permission subject. The admin area
 * opens only with `manage Admin` (docs/shell.md), so that is what its row checks.
 */
const capabilities: { id: string; action: TAction; subject: TSubject }[] = [
  { id: 'pages', action: 'read', subject: 'all' },
  { id: 'seeProperties', action: 'read', subject: 'Business' },
  { id: 'addProperty', action: 'create', subject: 'Business' },
  { id: 'changeProperties', action: 'update', subject: 'Business' },
  { id: 'deleteProperty', action: 'delete', subject: 'Business' },
  { id: 'changeAccount', action: 'update', subject: 'User' },
  { id: 'admin', action: 'manage', subject: 'Admin' },
];

const looks: Record<PermissionLevel, { icon: typeof CheckIcon; color: string }> = {
  yes: { icon: CheckIcon, color: 'success.main' },
  own: { icon: PersonIcon, color: 'info.main' },
  no: { icon: BlockIcon, color: 'text.disabled' },
};

export function LevelMark({ level }: { level: PermissionLevel }) {
  const { t } = useTranslation('access');
  const { icon: Icon, color } = looks[level];
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', color: level === 'no' ? 'text.secondary' : 'text.primary' }}
    >
      <Icon fontSize="small" sx={{ color }} aria-hidden />
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {t(`levels.${level}`)}
      </Typography>
    </Stack>
  );
}

/** What the signed-in user may do, read from their permission rules. */
export function PermissionTable() {
  const { t } = useTranslation('access');
  const ability = useAbility<AppAbility>();
  return (
    <TableContainer>
      <Table aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('table.what')}</TableCell>
            <TableCell scope="col">{t('table.access')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {capabilities.map(({ id, action, subject }) => (
            <TableRow key={id}>
              <TableCell component="th" scope="row">
                <Typography sx={{ fontWeight: 600 }}>{t(`capabilities.${id}.name`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`capabilities.${id}.description`)}
                </Typography>
              </TableCell>
              <TableCell sx={{ inlineSize: '30%' }}>
                <LevelMark level={permissionLevel(ability, action, subject)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
