import Box from '@mui/material/Box';
import {
  DataGrid,
  type DataGridProps,
  type GridLocaleText,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { arSD, enUS, frFR, ptPT } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { defaultPageSize } from './list/pageSize';

/** The page sizes every table offers, plus everything on one page. */
export const pageSizes = [5, 10, 20, 25, 50, 100] as const;
const allRows = -1;

const gridLocales: Record<TLocale, Partial<GridLocaleText>> = {
  pt: ptPT.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  ar: arSD.components.MuiDataGrid.defaultProps.localeText,
};

/**
 * The one table of the app: MUI X DataGrid with page sizes 5, 10, 20, 25, 50, 100 and All, and a
 * footer in the active language ("Itens por página", "Todos", "1-10 de 42"), numbers through Intl.
 * Everything else is DataGrid's own props.
 *
 * ```tsx
 * <DataTable aria-label={t('bookings.title')} rows={rows} columns={columns} />
 * ```
 */
export function DataTable<R extends GridValidRowModel>({
  localeText,
  initialState,
  sx,
  ...props
}: DataGridProps<R>) {
  const { t } = useTranslation();
  const intl = useIntl();
  const text = useMemo<Partial<GridLocaleText>>(
    () => ({
      ...gridLocales[intl.language],
      paginationRowsPerPage: t('table.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }) =>
        count === -1 || count === undefined
          ? t('table.displayedRowsMore', { from: intl.number(from), to: intl.number(to) })
          : t('table.displayedRows', {
              from: intl.number(count === 0 ? 0 : from),
              to: intl.number(to),
              total: intl.number(count),
            }),
      noRowsLabel: t('table.noRows'),
      noResultsOverlayLabel: t('table.noResults'),
      ...localeText,
    }),
    [t, intl, localeText],
  );
  const pageSizeOptions = useMemo(
    () => [...pageSizes, { value: allRows, label: t('table.all') }],
    [t],
  );
  return (
    <Box sx={{ inlineSize: '100%' }}>
      <DataGrid
        pageSizeOptions={pageSizeOptions}
        initialState={{
          ...initialState,
          pagination: {
            ...initialState?.pagination,
            paginationModel: {
              page: 0,
              pageSize: defaultPageSize,
              ...initialState?.pagination?.paginationModel,
            },
          },
        }}
        localeText={text}
        disableRowSelectionOnClick
        sx={[
          {
            border: 0,
            '& .MuiDataGrid-columnHeaders': { textTransform: 'uppercase', letterSpacing: 0.2 },
            // A header too long for its column wraps between words onto a second line rather than
            // being cut ("TIPO DE QUAR…").
            '& .MuiDataGrid-columnHeaderTitle': {
              fontWeight: 600,
              fontSize: '0.8125rem',
              lineHeight: 1.25,
              whiteSpace: 'normal',
              overflowWrap: 'normal',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            },
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        {...props}
      />
    </Box>
  );
}
