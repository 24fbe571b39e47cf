import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPriceChange, TRoomTariff } from '@tarifa/contract';
import { DataTable } from '@/components/DataTable';
import { utcDay } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { changeFigures, describeChange, formatDifference } from '@/api/price-changes';
import { formatMoney } from '@/api/prices';
import { PriceStageChip } from '@/components/price-life/PriceStage';
import type { PriceChangesView } from '../hooks/usePriceChangesQueryState';

/** Changes a decision can still move: approve takes pending and rejected, reject pending and approved. */
const decidable = (change: TPriceChange) =>
  change.status === 'pending' || change.status === 'approved' || change.status === 'rejected';

/** "€90 → €100", with the figures' own order kept in right-to-left text. */
function OldToNew({ change, currency }: { change: TPriceChange; currency: string }) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const money = (value: number) => formatMoney(intl, value, currency);
  return (
    <Typography variant="body2" noWrap sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {change.oldPrice === null
        ? t('table.firstPrice', { price: money(change.newPrice) })
        : t('table.oldToNew', { old: money(change.oldPrice), new: money(change.newPrice) })}
    </Typography>
  );
}

/** "+€10 · +11,1 %", green going up, red going down, with an arrow for who cannot tell colours. */
function Difference({ change, currency }: { change: TPriceChange; currency: string }) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const { direction } = changeFigures(change);
  const text = formatDifference(intl, currency, change);
  if (!text) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('table.noDifference')}
      </Typography>
    );
  }
  const color =
    direction === 'up' ? 'success.main' : direction === 'down' ? 'error.main' : 'text.secondary';
  const Icon = direction === 'up' ? ArrowUpIcon : direction === 'down' ? ArrowDownIcon : null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      data-direction={direction}
      sx={{ alignItems: 'center', color, fontVariantNumeric: 'tabular-nums' }}
    >
      {Icon && <Icon fontSize="inherit" aria-hidden="true" />}
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} noWrap>
        {text.percent
          ? t('table.difference', { money: text.money, percent: text.percent })
          : text.money}
      </Typography>
    </Stack>
  );
}

/**
 * One page of price changes: the night, the room type, old → new price, the difference in money
 * and percent, the reason in words, the stage of its life (sent, not sent…) and who decided it when. Rows that a decision can
 * still move have a checkbox; paging asks the API.
 */
export function PriceChangesTable({
  changes,
  total,
  loading,
  view,
  pageSizes,
  rooms,
  currency,
  selection,
  onSelectionChange,
  onViewChange,
  emptyLabel,
}: {
  changes: TPriceChange[];
  total: number;
  loading: boolean;
  view: PriceChangesView;
  pageSizes: readonly number[];
  rooms: readonly TRoomTariff[];
  currency: string;
  selection: ReadonlySet<string>;
  onSelectionChange: (ids: Set<string>) => void;
  onViewChange: (patch: Partial<PriceChangesView>) => void;
  emptyLabel?: string;
}) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const roomNames = useMemo(() => new Map(rooms.map((room) => [room.uuid, room.name])), [rooms]);

  const columns = useMemo<GridColDef<TPriceChange>[]>(() => {
    const night = (date: string) =>
      intl.date(utcDay(date), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const roomOf = (row: TPriceChange) => roomNames.get(row.roomUuid) ?? t('table.unknownRoom');
    const decided = (row: TPriceChange) => {
      if (!row.decidedAt) return '—';
      const when = intl.date(new Date(row.decidedAt), { dateStyle: 'medium', timeStyle: 'short' });
      return row.decidedBy
        ? t('table.decidedBy', { name: row.decidedBy.name, when })
        : t('table.decidedAutomatically', { when });
    };
    const reason = (row: TPriceChange) => describeChange(intl, currency, row);
    return [
      {
        field: 'summary',
        headerName: t('table.change'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ minInlineSize: 0, py: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`${night(row.date)} · ${roomOf(row)}`}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <OldToNew change={row} currency={currency} />
              <Difference change={row} currency={currency} />
            </Stack>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
              {reason(row)}
            </Typography>
            <div>
              <PriceStageChip change={row} />
            </div>
          </Stack>
        ),
      },
      {
        field: 'date',
        headerName: t('table.night'),
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => night(value),
      },
      {
        field: 'roomUuid',
        headerName: t('table.room'),
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueGetter: (_, row) => roomOf(row),
      },
      {
        field: 'newPrice',
        headerName: t('table.price'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <OldToNew change={row} currency={currency} />,
      },
      {
        field: 'difference',
        headerName: t('table.differenceHeader'),
        width: 160,
        sortable: false,
        renderCell: ({ row }) => <Difference change={row} currency={currency} />,
      },
      {
        field: 'status',
        headerName: t('table.status'),
        width: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minInlineSize: 0 }}>
            <PriceStageChip change={row} />
          </Box>
        ),
      },
      {
        field: 'reason',
        headerName: t('table.reason'),
        flex: 2,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', py: 1 }}>
            {reason(row)}
          </Typography>
        ),
      },
      {
        field: 'decidedAt',
        headerName: t('table.decided'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
            {decided(row)}
          </Typography>
        ),
      },
    ];
  }, [t, intl, currency, roomNames]);

  const rowSelectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection) }),
    [selection],
  );

  return (
    <Box data-testid="price-changes-table">
      <DataTable
        aria-label={t('table.label')}
        rows={changes}
        columns={columns}
        loading={loading}
        rowCount={total}
        paginationMode="server"
        pageSizeOptions={[...pageSizes]}
        paginationModel={{ page: view.page, pageSize: view.pageSize }}
        onPaginationModelChange={(model) =>
          onViewChange({ page: model.page, pageSize: model.pageSize })
        }
        checkboxSelection
        keepNonExistentRowsSelected
        isRowSelectable={({ row }) => decidable(row)}
        rowSelectionModel={rowSelectionModel}
        onRowSelectionModelChange={(model) => {
          // "Select all" on the header gives an exclude-model: the decidable rows of this page.
          const ids =
            model.type === 'include'
              ? new Set([...model.ids].map(String))
              : new Set(
                  changes
                    .filter((change) => decidable(change) && !model.ids.has(change.id))
                    .map((change) => change.id),
                );
          onSelectionChange(ids);
        }}
        columnVisibilityModel={{
          summary: phone,
          date: !phone,
          roomUuid: !phone,
          newPrice: !phone,
          difference: !phone,
          reason: !phone,
          status: !phone,
          decidedAt: !phone,
        }}
        localeText={emptyLabel ? { noRowsLabel: emptyLabel } : undefined}
        getRowHeight={() => 'auto'}
        disableColumnFilter
        disableColumnSorting
        // A page holds at most 100 rows: all of them in the document, for screen readers and search.
        disableVirtualization
        autoHeight
      />
    </Box>
  );
}
