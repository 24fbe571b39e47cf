import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminBusiness } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { useDebounced } from '@/api/prices';
import { useAdminBusinesses } from '../api/admin';
import { AdminShell } from '../components/AdminShell';
import { AdminTable, TwoLines } from '../components/AdminTable';
import { SearchField } from '../components/SearchField';
import { useAdminPaging, whenOf } from '../components/paging';

/** `/admin/properties`: every property, deleted ones marked, with its owner, plan and counts. */
export default function AdminPropertiesPage() {
  const { t } = useTranslation('admin');
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 300);
  const paging = useAdminPaging({ settled });
  const businesses = useAdminBusinesses({ search: settled || undefined, ...paging.query });

  const columns = useMemo<GridColDef<TAdminBusiness>[]>(() => {
    const count = (value: number) => intl.number(value);
    return [
      {
        field: 'name',
        headerName: t('properties.columns.name'),
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <TwoLines
            main={
              <>
                {row.name}{' '}
                {row.deletedAt && (
                  <Chip
                    size="small"
                    color="warning"
                    variant="outlined"
                    label={t('properties.deleted', { date: whenOf(intl)(row.deletedAt) })}
                  />
                )}
              </>
            }
            detail={[row.city, row.country].filter(Boolean).join(', ')}
          />
        ),
      },
      {
        field: 'owner',
        headerName: t('properties.columns.owner'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <TwoLines main={row.owner.name} detail={row.owner.email} detailDir="ltr" />
        ),
      },
      {
        field: 'plan',
        headerName: t('properties.columns.plan'),
        width: 110,
        valueGetter: (_value, row) => t(`plans:names.${row.plan}`),
      },
      {
        field: 'roomTypes',
        headerName: t('properties.columns.roomTypes'),
        type: 'number',
        width: 120,
        valueFormatter: count,
      },
      {
        field: 'bookings',
        headerName: t('properties.columns.bookings'),
        type: 'number',
        width: 110,
        valueFormatter: count,
      },
      {
        field: 'lastImportAt',
        headerName: t('properties.columns.lastImport'),
        width: 170,
        valueGetter: (_value, row) => whenOf(intl)(row.lastImportAt) ?? t('never'),
      },
      {
        field: 'createdAt',
        headerName: t('properties.columns.created'),
        width: 170,
        valueGetter: (_value, row) => whenOf(intl)(row.createdAt),
      },
    ];
  }, [t, intl]);

  return (
    <AdminShell
      current="properties"
      actions={<SearchField label={t('properties.search')} value={search} onChange={setSearch} />}
    >
      <AdminTable
        label={t('properties.label')}
        empty={t('properties.empty')}
        rows={businesses.data?.businesses}
        getRowId={(row) => row.uuid}
        columns={columns}
        load={businesses}
        total={businesses.data?.total}
        paging={paging}
      />
    </AdminShell>
  );
}
