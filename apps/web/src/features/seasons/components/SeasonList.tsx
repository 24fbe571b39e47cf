import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { weekdays, type TRoomTariff, type TSazonality } from '@tarifa/contract';
import { DataTable } from '@/components/DataTable';
import { useIntl } from '@/lib/intl';
import { seasonPath } from '../paths';
import { describeAdjustment } from '../utils/adjustment';
import { dayValue } from '@/lib/dates';
import { ColorDot } from './SeasonLegend';

interface SeasonListProps {
  seasons: readonly TSazonality[];
  rooms: readonly TRoomTariff[];
  currency: string;
}

/** Every season of the property: name, nights, days of the week, adjustment, priority, rooms. */
export function SeasonList({ seasons, rooms, currency }: SeasonListProps) {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  const columns = useMemo<GridColDef<TSazonality>[]>(() => {
    const range = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const list = new Intl.ListFormat(intl.locale, { style: 'narrow', type: 'conjunction' });
    const shortDays = intl.weekdays('short');
    const roomName = new Map(rooms.map((room) => [room.uuid, room.name]));
    return [
      {
        field: 'name',
        headerName: t('list.name'),
        flex: 1.2,
        minWidth: phone ? 120 : 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', blockSize: '100%' }}>
            <ColorDot color={row.color} />
            <Link
              component={RouterLink}
              to={seasonPath(row.id)}
              onClick={(event) => event.stopPropagation()}
              underline="hover"
              sx={{ fontWeight: 500 }}
            >
              {row.name}
            </Link>
          </Stack>
        ),
      },
      {
        field: 'startDate',
        headerName: t('list.dates'),
        flex: 1.3,
        minWidth: phone ? 120 : 200,
        valueFormatter: (_value, row) =>
          row.startDate === row.endDate
            ? range.format(dayValue(row.startDate))
            : range.formatRange(dayValue(row.startDate), dayValue(row.endDate)),
      },
      {
        field: 'weekdays',
        headerName: t('list.weekdays'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueFormatter: (_value, row) =>
          row.weekdays.length === 0 || row.weekdays.length === 7
            ? t('list.everyDay')
            : list.format(
                weekdays
                  .filter((d) => row.weekdays.includes(d))
                  .map((d) => shortDays[weekdays.indexOf(d)]!),
              ),
      },
      {
        field: 'value',
        headerName: t('list.adjustment'),
        flex: 0.9,
        minWidth: phone ? 90 : 170,
        sortable: false,
        valueFormatter: (_value, row) =>
          describeAdjustment(t, intl, currency, row.adjustmentType, row.value),
      },
      {
        field: 'priority',
        headerName: t('list.priority'),
        type: 'number',
        width: 100,
        valueFormatter: (value: number) => intl.number(value),
      },
      {
        field: 'roomUuids',
        headerName: t('list.rooms'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueFormatter: (_value, row) =>
          row.roomUuids.length === 0
            ? t('list.allRooms')
            : list.format(row.roomUuids.map((uuid) => roomName.get(uuid) ?? '—')),
      },
    ];
  }, [t, intl, rooms, currency, phone]);

  return (
    <DataTable
      aria-label={t('list.title')}
      rows={seasons as TSazonality[]}
      columns={columns}
      getRowHeight={() => 'auto'}
      // On a phone: the name, the nights and the change; the rest is on the season's page.
      columnVisibilityModel={phone ? { weekdays: false, priority: false, roomUuids: false } : {}}
      onRowClick={({ row }) => void navigate(seasonPath(row.id))}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { py: 1 } }}
    />
  );
}
