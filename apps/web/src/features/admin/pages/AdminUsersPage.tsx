import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TPlanId, TRole } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { useDebounced } from '@/api/prices';
import { useAdminUsers } from '../api/admin';
import { AdminShell } from '../components/AdminShell';
import { AdminTable, TwoLines } from '../components/AdminTable';
import { ChoiceField } from '../components/ChoiceField';
import { planChoices, roleChoices } from '../components/choices';
import { SearchField } from '../components/SearchField';
import { UserActionsMenu } from '../components/UserActionsMenu';
import { UserChangeDialog, type UserChange } from '../components/UserChangeDialog';
import { useAdminPaging, whenOf } from '../components/paging';

type Status = 'enabled' | 'disabled';

/** `/admin/users`: every account, searched and filtered; role, plan, disable / enable per row. */
export default function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<TRole | ''>('');
  const [plan, setPlan] = useState<TPlanId | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [acting, setActing] = useState<{ user: TAdminUser; change: UserChange } | null>(null);
  const settled = useDebounced(search.trim(), 300);
  const paging = useAdminPaging({ settled, role, plan, status });
  const users = useAdminUsers({
    search: settled || undefined,
    role: role || undefined,
    plan: plan || undefined,
    disabled: status ? String(status === 'disabled') : undefined,
    ...paging.query,
  });

  const columns = useMemo<GridColDef<TAdminUser>[]>(() => {
    return [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1.5,
        minWidth: 200,
        renderCell: ({ row }) => <TwoLines main={row.name} detail={row.email} detailDir="ltr" />,
      },
      {
        field: 'roles',
        headerName: t('users.columns.role'),
        width: 170,
        valueGetter: (_value, row) => row.roles.map((id) => t(`roles.${id}`)).join(', '),
      },
      {
        field: 'plan',
        headerName: t('users.columns.plan'),
        width: 110,
        valueGetter: (_value, row) => t(`plans:names.${row.plan}`),
      },
      {
        field: 'propertiesCount',
        headerName: t('users.columns.properties'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number) => intl.number(value),
      },
      {
        field: 'lastSignInAt',
        headerName: t('users.columns.lastSignIn'),
        width: 170,
        valueGetter: (_value, row) => whenOf(intl)(row.lastSignInAt) ?? t('never'),
      },
      {
        field: 'disabled',
        headerName: t('users.columns.status'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.disabled ? 'error' : 'success'}
            variant="outlined"
            label={t(row.disabled ? 'users.status.disabled' : 'users.status.enabled')}
          />
        ),
      },
      {
        field: 'actions',
        headerName: t('users.columns.actions'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <UserActionsMenu user={row} onChoose={(change) => setActing({ user: row, change })} />
        ),
      },
    ];
  }, [t, intl]);

  return (
    <AdminShell
      current="users"
      actions={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <SearchField label={t('users.search')} value={search} onChange={setSearch} />
          <ChoiceField
            size="small"
            label={t('users.columns.role')}
            value={role}
            options={roleChoices(t)}
            onChange={setRole}
            allLabel={t('filters.all')}
          />
          <ChoiceField
            size="small"
            label={t('users.columns.plan')}
            value={plan}
            options={planChoices(t)}
            onChange={setPlan}
            allLabel={t('filters.all')}
          />
          <ChoiceField
            size="small"
            label={t('users.columns.status')}
            value={status}
            options={(['enabled', 'disabled'] as const).map((value) => ({
              value,
              label: t(`users.status.${value}`),
            }))}
            onChange={setStatus}
            allLabel={t('filters.all')}
          />
        </Stack>
      }
    >
      <AdminTable
        label={t('users.label')}
        empty={t('users.empty')}
        rows={users.data?.users}
        getRowId={(row) => row.uuid}
        columns={columns}
        load={users}
        total={users.data?.total}
        paging={paging}
      />
      {acting && (
        <UserChangeDialog
          key={`${acting.user.uuid}:${acting.change}`}
          user={acting.user}
          change={acting.change}
          onClose={() => setActing(null)}
        />
      )}
    </AdminShell>
  );
}
