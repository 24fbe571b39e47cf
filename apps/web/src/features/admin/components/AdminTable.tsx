import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { adminPageSizes, type AdminPaging } from './paging';

/**
 * A list of the admin area: the shared table, rows as tall as their two-line cells, the error
 * with Try again, what to say when nothing matches. With `paging`, the API pages it (`total`
 * rows in all); without, the table pages what it was given.
 */
export function AdminTable<R extends GridValidRowModel>({
  label,
  empty,
  rows,
  columns,
  getRowId,
  load,
  total,
  paging,
}: {
  label: string;
  empty: string;
  rows: R[] | undefined;
  columns: GridColDef<R>[];
  getRowId?: (row: R) => string;
  load: { isPending: boolean; isPlaceholderData?: boolean; error: unknown; refetch: () => unknown };
  total?: number;
  paging?: AdminPaging;
}) {
  const { t } = useTranslation('admin');
  if (load.error) {
    return (
      <LoadErrorAlert error={load.error} onRetry={load.refetch}>
        {t('loadFailed')}
      </LoadErrorAlert>
    );
  }
  const server = paging
    ? {
        paginationMode: 'server' as const,
        rowCount: total ?? 0,
        paginationModel: paging.model,
        onPaginationModelChange: paging.setModel,
      }
    : { initialState: { pagination: { paginationModel: { pageSize: 25 } } } };
  return (
    <DataTable
      aria-label={label}
      rows={rows ?? []}
      getRowId={getRowId}
      columns={columns.map((column) => ({ sortable: false, ...column }))}
      loading={load.isPending || load.isPlaceholderData}
      pageSizeOptions={[...adminPageSizes]}
      getRowHeight={() => 'auto'}
      localeText={{ noRowsLabel: empty }}
      {...server}
    />
  );
}

/** A cell of two lines: the main text, and a quieter one under it (an email, a city). */
export function TwoLines({
  main,
  detail,
  detailDir,
}: {
  main: ReactNode;
  detail?: ReactNode;
  /** `ltr` for an email address, whatever the language. */
  detailDir?: 'ltr';
}) {
  return (
    <Stack sx={{ py: 1 }}>
      <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
        {main}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" dir={detailDir}>
          {detail}
        </Typography>
      )}
    </Stack>
  );
}
