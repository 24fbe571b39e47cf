import KeyIcon from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiTokenScopes, type TApiToken } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { EmptyState } from '@/components/EmptyState';
import { visuallyHidden } from '@/lib/a11y';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useApiTokens, useRevokeApiToken } from '../api/tokens';

/** "Revoke …?": what stops working, Cancel (the default) and Revoke. */
function RevokeDialog({
  businessUuid,
  token,
  onClose,
}: {
  businessUuid: string;
  token: TApiToken;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const revoke = useRevokeApiToken(businessUuid);
  return (
    <ConfirmDeleteDialog
      open
      title={t('revoke.title', { name: token.name })}
      body={t('revoke.body')}
      confirmLabel={t('revoke.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={revoke.isPending}
      error={revoke.isError ? errorMessage(t, revoke.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            showSnackbar({ severity: 'success', message: t('revoke.done', { name: token.name }) });
            onClose();
          },
        })
      }
    />
  );
}

/** The property's live tokens: name, how it starts, when it was created and last used. */
export function TokensList({
  businessUuid,
  onCreate,
}: {
  businessUuid: string;
  onCreate: () => void;
}) {
  const { t } = useTranslation('integrations');
  const intl = useIntl();
  const tokens = useApiTokens(businessUuid);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const when = (iso: string) =>
    intl.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  if (tokens.isPending) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }
  if (tokens.isError) {
    return (
      <LoadErrorAlert error={tokens.error} onRetry={tokens.refetch}>
        {t('loadFailed')}
      </LoadErrorAlert>
    );
  }
  if (tokens.data.length === 0) {
    return (
      <EmptyState
        dense
        icon={KeyIcon}
        headingLevel="h3"
        title={t('empty.title')}
        body={t('empty.body')}
        action={
          <Button variant="contained" onClick={onCreate}>
            {t('create.open')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={t('list.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('list.name')}</TableCell>
              <TableCell>{t('list.prefix')}</TableCell>
              <TableCell>{t('list.scopes')}</TableCell>
              <TableCell>{t('list.created')}</TableCell>
              <TableCell>{t('list.lastUsed')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('list.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.data.map((token) => (
              <TableRow key={token.id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {token.name}
                  </Typography>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }} dir="ltr">
                  {`${token.prefix}…`}
                </TableCell>
                <TableCell>
                  {/* Older answers may not list scopes yet: such a token reaches everything. */}
                  {(token.scopes ?? apiTokenScopes)
                    .map((scope) => t(`scopes.short.${scope}`))
                    .join(', ')}
                </TableCell>
                <TableCell>{when(token.createdAt)}</TableCell>
                <TableCell>{token.lastUsedAt ? when(token.lastUsedAt) : t('list.never')}</TableCell>
                <TableCell align="right">
                  <Button
                    color="error"
                    size="small"
                    aria-label={t('revoke.button', { name: token.name })}
                    onClick={() => setRevoking(token)}
                  >
                    {t('revoke.short')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {revoking && (
        <RevokeDialog
          businessUuid={businessUuid}
          token={revoking}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  );
}
