import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminToken } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { adminErrorMessage, useAdminTokens, useRevokeAdminToken } from '../api/admin';
import { AdminShell } from '../components/AdminShell';
import { AdminTable, TwoLines } from '../components/AdminTable';
import { whenOf } from '../components/paging';

/** "Revoke …?" naming the token and its property; its owner is told. */
function RevokeDialog({ token, onClose }: { token: TAdminToken; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const revoke = useRevokeAdminToken();
  const names = { name: token.name, business: token.business.name, owner: token.owner.name };
  return (
    <ConfirmDeleteDialog
      open
      title={t('tokens.confirm.title', names)}
      body={t('tokens.confirm.body', names)}
      confirmLabel={t('tokens.confirm.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={revoke.isPending}
      error={revoke.isError ? adminErrorMessage(t, revoke.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            showSnackbar({ severity: 'success', message: t('tokens.done', names) });
            onClose();
          },
        })
      }
    />
  );
}

/** `/admin/tokens`: every live integration token, with its property and owner; revoke any. */
export default function AdminTokensPage() {
  const { t } = useTranslation('admin');
  const intl = useIntl();
  const tokens = useAdminTokens();
  const [revoking, setRevoking] = useState<TAdminToken | null>(null);

  const columns = useMemo<GridColDef<TAdminToken>[]>(
    () => [
      {
        field: 'name',
        headerName: t('tokens.columns.name'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => <TwoLines main={row.name} />,
      },
      {
        field: 'prefix',
        headerName: t('tokens.columns.prefix'),
        width: 160,
        valueFormatter: (value: string) => `${value}…`,
      },
      {
        field: 'business',
        headerName: t('tokens.columns.business'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => row.business.name,
      },
      {
        field: 'owner',
        headerName: t('tokens.columns.owner'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <TwoLines main={row.owner.name} detail={row.owner.email} detailDir="ltr" />
        ),
      },
      {
        field: 'scopes',
        headerName: t('tokens.columns.scopes'),
        width: 160,
        valueGetter: (_value, row) =>
          row.scopes.map((scope) => t(`integrations:scopes.short.${scope}`)).join(', '),
      },
      {
        field: 'lastUsedAt',
        headerName: t('tokens.columns.lastUsed'),
        width: 170,
        valueGetter: (_value, row) => whenOf(intl)(row.lastUsedAt) ?? t('never'),
      },
      {
        field: 'actions',
        headerName: t('tokens.columns.actions'),
        width: 120,
        renderCell: ({ row }) => (
          <Button
            size="small"
            color="error"
            aria-label={t('tokens.revokeOf', { name: row.name, business: row.business.name })}
            onClick={() => setRevoking(row)}
          >
            {t('tokens.revoke')}
          </Button>
        ),
      },
    ],
    [t, intl],
  );

  return (
    <AdminShell current="tokens">
      <AdminTable
        label={t('tokens.label')}
        empty={t('tokens.empty')}
        rows={tokens.data}
        columns={columns}
        load={tokens}
      />
      {revoking && (
        <RevokeDialog key={revoking.id} token={revoking} onClose={() => setRevoking(null)} />
      )}
    </AdminShell>
  );
}
