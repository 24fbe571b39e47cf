import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TImportPreview, TRoomTariff } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

/**
 * The room codes of the file's first rows against the property's room types: known codes say
 * which room type they are; unknown ones say whether they will be created or their rows refused.
 */
export function RoomMapping({
  codes,
  rooms,
  createMissingRooms,
}: {
  codes: TImportPreview['roomCodes'];
  rooms: readonly TRoomTariff[];
  createMissingRooms: boolean;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  if (codes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('import.rooms.none')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={t('import.rooms.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('import.rooms.code')}</TableCell>
          <TableCell align="right">{t('import.rooms.rows')}</TableCell>
          <TableCell>{t('import.rooms.becomes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {codes.map(({ code, knownRoomUuid, rows }) => {
          const room = rooms.find((r) => r.uuid === knownRoomUuid);
          return (
            <TableRow key={code}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{code}</TableCell>
              <TableCell align="right">{intl.number(rows)}</TableCell>
              <TableCell>
                {knownRoomUuid ? (
                  <Chip
                    size="small"
                    color="success"
                    variant="outlined"
                    label={t('import.rooms.known', { name: room?.name ?? code })}
                  />
                ) : createMissingRooms ? (
                  <Chip
                    size="small"
                    color="info"
                    variant="outlined"
                    label={t('import.rooms.created')}
                  />
                ) : (
                  <Chip
                    size="small"
                    color="error"
                    variant="outlined"
                    label={t('import.rooms.refused')}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
