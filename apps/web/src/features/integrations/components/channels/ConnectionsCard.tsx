import AddIcon from '@mui/icons-material/Add';
import HubIcon from '@mui/icons-material/HubOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useChannels } from '@/api/channels';
import { AddConnectionDialog } from './AddConnectionDialog';
import { ConnectionItem, type ConnectionAction } from './ConnectionItem';
import { ConnectionLogDialog } from './ConnectionLogDialog';
import { DisconnectDialog } from './DisconnectDialog';
import { MappingDialog } from './MappingDialog';

type Open = { kind: 'add' } | { kind: ConnectionAction; id: string } | null;

/**
 * The property's connections to where its rooms are sold, each as a card with its status and
 * actions; Add a connection; and the dialogs they open (add, map, log, disconnect). With none, what
 * a connection does and the Add button.
 */
export function ConnectionsCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('channels');
  const connections = useChannels(business.uuid);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })}>
      {t('add.open')}
    </Button>
  );
  // The dialog's connection as the list has it now; gone (disconnected elsewhere), it closes.
  const target =
    open && open.kind !== 'add'
      ? connections.data?.find((connection) => connection.uuid === open.id)
      : undefined;

  const body = () => {
    if (connections.isPending) {
      return (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={160} />
        </Stack>
      );
    }
    if (connections.isError) {
      return (
        <LoadErrorAlert error={connections.error} onRetry={connections.refetch}>
          {t('loadFailed')}
        </LoadErrorAlert>
      );
    }
    if (connections.data.length === 0) {
      return (
        <EmptyState
          dense
          icon={HubIcon}
          headingLevel="h3"
          title={t('empty.title')}
          body={t('empty.body')}
          action={add}
        />
      );
    }
    return (
      <Stack spacing={2}>
        {connections.data.map((connection) => (
          <ConnectionItem
            key={connection.uuid}
            businessUuid={business.uuid}
            connection={connection}
            onAction={(kind) => setOpen({ kind, id: connection.uuid })}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Card component="section" aria-labelledby="connections-title" data-testid="connections-card">
      <CardHeader
        title={t('title')}
        subheader={t('subtitle')}
        slotProps={{ title: { id: 'connections-title', component: 'h2', variant: 'h5' } }}
        action={connections.data && connections.data.length > 0 ? add : undefined}
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent>{body()}</CardContent>
      {open?.kind === 'add' && <AddConnectionDialog businessUuid={business.uuid} onClose={close} />}
      {target && open?.kind === 'map' && (
        <MappingDialog business={business} connection={target} onClose={close} />
      )}
      {target && open?.kind === 'log' && (
        <ConnectionLogDialog businessUuid={business.uuid} connection={target} onClose={close} />
      )}
      {target && open?.kind === 'disconnect' && (
        <DisconnectDialog businessUuid={business.uuid} connection={target} onClose={close} />
      )}
    </Card>
  );
}
