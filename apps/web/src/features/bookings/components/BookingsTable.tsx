import CancelIcon from '@mui/icons-material/EventBusyOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBooking, TBookingSortField } from '@tarifa/contract';
import { DataTable } from '@/components/DataTable';
import { useIntl } from '@/lib/intl';
import type { BookingsView } from '../hooks/useBookingsQueryState';
import { utcDay } from '@/lib/dates';
import { StatusChip } from './StatusChip';

/** Columns that sort on the server, by the field the API sorts on. */
const sortFieldOf: Record<string, TBookingSortField> = {
  stay: 'arrival',
  totalAmount: 'totalAmount',
  bookedAt: 'bookedAt',
};
const columnOf = Object.fromEntries(Object.entries(sortFieldOf).map(([c, f]) => [f, c]));

/**
 * One page of bookings from the server: guest and reference, room type, stay, guests, status,
 * channel, total and when it was booked, with edit and cancel on each row. Paging and sorting ask
 * the API; on a phone only the essentials are shown.
 */
export function BookingsTable({
  bookings,
  total,
  loading,
  view,
  pageSizes,
  onViewChange,
  onEdit,
  onCancel,
  emptyLabel,
}: {
  bookings: TBooking[];
  total: number;
  loading: boolean;
  view: BookingsView;
  pageSizes: readonly number[];
  onViewChange: (patch: Partial<BookingsView>) => void;
  onEdit: (booking: TBooking) => void;
  onCancel: (booking: TBooking) => void;
  /** What an empty page says (e.g. that no booking matches the filters). */
  emptyLabel?: string;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));

  const columns = useMemo<GridColDef<TBooking>[]>(() => {
    const range = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const stay = (row: TBooking) => range.formatRange(utcDay(row.arrival), utcDay(row.departure));
    const details = (row: TBooking) =>
      t(row.rooms > 1 ? 'table.stayDetailsRooms' : 'table.stayDetails', {
        nights: intl.number(row.nights),
        rooms: intl.number(row.rooms),
        guests: intl.number(row.adults + row.children),
      });
    const day = (date: string) => intl.date(utcDay(date), { dateStyle: 'medium', timeZone: 'UTC' });
    return [
      {
        // On a phone: everything in one cell, one booking a card-like row.
        field: 'summary',
        headerName: t('table.booking'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ minInlineSize: 0, py: 1, justifyContent: 'center' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minInlineSize: 0 }}>
              <Typography
                variant="body2"
                noWrap
                sx={{ fontWeight: 600, flex: 1, minInlineSize: 0 }}
              >
                {row.guestName ?? row.externalId ?? t('table.noGuest')}
              </Typography>
              <Typography variant="body2" noWrap>
                {intl.money(row.totalAmount, row.currency)}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary" noWrap>
              {`${stay(row)} · ${row.roomName}`}
            </Typography>
            <div>
              <StatusChip status={row.status} />
            </div>
          </Stack>
        ),
      },
      {
        field: 'guestName',
        headerName: t('table.guest'),
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ minInlineSize: 0, justifyContent: 'center', blockSize: '100%' }}>
            <Typography variant="body2" noWrap>
              {row.guestName ?? t('table.noGuest')}
            </Typography>
            {row.externalId && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {t('table.reference', { reference: row.externalId })}
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        field: 'roomName',
        headerName: t('table.room'),
        flex: 1,
        minWidth: 130,
        sortable: false,
      },
      {
        field: 'stay',
        headerName: t('table.stay'),
        flex: 1.4,
        minWidth: 210,
        valueGetter: (_, row) => row.arrival,
        renderCell: ({ row }) => (
          <Stack sx={{ minInlineSize: 0, justifyContent: 'center', blockSize: '100%' }}>
            <Typography variant="body2" noWrap>
              {stay(row)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {details(row)}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'status',
        headerName: t('table.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'channel',
        headerName: t('table.channel'),
        flex: 0.8,
        minWidth: 110,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'totalAmount',
        headerName: t('table.total'),
        type: 'number',
        width: 130,
        valueFormatter: (value: number, row) => intl.money(value, row.currency),
      },
      {
        field: 'bookedAt',
        headerName: t('table.bookedAt'),
        width: 150,
        valueFormatter: (value: string) => intl.date(new Date(value), { dateStyle: 'medium' }),
      },
      {
        field: 'actions',
        headerName: t('table.actions'),
        width: 104,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => {
          const who = row.guestName ?? row.externalId ?? day(row.arrival);
          return (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', blockSize: '100%' }}>
              <Tooltip title={t('table.edit')}>
                <IconButton
                  size="small"
                  aria-label={t('table.editOf', { who })}
                  onClick={() => onEdit(row)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {row.status !== 'cancelled' && (
                <Tooltip title={t('table.cancel')}>
                  <IconButton
                    size="small"
                    aria-label={t('table.cancelOf', { who })}
                    onClick={() => onCancel(row)}
                  >
                    <CancelIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          );
        },
      },
    ];
  }, [t, intl, onEdit, onCancel]);

  const sortModel: GridSortModel = [{ field: columnOf[view.sort] ?? 'stay', sort: view.order }];

  return (
    <DataTable
      aria-label={t('table.label')}
      rows={bookings}
      columns={columns}
      loading={loading}
      rowCount={total}
      paginationMode="server"
      sortingMode="server"
      pageSizeOptions={[...pageSizes]}
      paginationModel={{ page: view.page, pageSize: view.pageSize }}
      onPaginationModelChange={(model) =>
        onViewChange({ page: model.page, pageSize: model.pageSize })
      }
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const first = model[0];
        onViewChange({
          sort: first ? (sortFieldOf[first.field] ?? 'arrival') : 'arrival',
          order: first?.sort === 'asc' ? 'asc' : 'desc',
          page: 0,
        });
      }}
      sortingOrder={['desc', 'asc']}
      columnVisibilityModel={{
        summary: phone,
        guestName: !phone,
        roomName: !phone,
        stay: !phone,
        status: !phone,
        channel: !phone,
        totalAmount: !phone,
        bookedAt: wide,
      }}
      localeText={emptyLabel ? { noRowsLabel: emptyLabel } : undefined}
      getRowHeight={() => (phone ? 'auto' : 60)}
      disableColumnFilter
      autoHeight
    />
  );
}
