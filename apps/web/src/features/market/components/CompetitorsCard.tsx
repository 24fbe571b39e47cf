import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import type { TBusiness, TCompetitor } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { errorMessage } from '@/lib/forms/messages';
import { useIntl } from '@/lib/intl';
import { useCompetitors, useDeleteCompetitor, useSaveCompetitor } from '@/api/market';
import { showSnackbar } from '@/lib/snackbar';
import { CompetitorDialog } from './CompetitorDialog';
import { SectionCard } from './SectionCard';

/** The competitors the property watches: add, edit (with the room mappings), delete. */
export function CompetitorsCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('market');
  const intl = useIntl();
  const rooms = business.tariffConfiguration.roomsTariff;
  const competitors = useCompetitors(business.uuid);
  const save = useSaveCompetitor(business.uuid);
  const remove = useDeleteCompetitor(business.uuid);
  const [editing, setEditing] = useState<TCompetitor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TCompetitor | null>(null);
  const roomName = (uuid: string) => rooms.find((r) => r.uuid === uuid)?.name ?? '–';

  const close = () => {
    setEditing(null);
    save.reset();
  };

  return (
    <SectionCard
      title={t('competitors.title')}
      subtitle={t('competitors.subtitle')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('competitors.add')}
        </Button>
      }
    >
      {competitors.isPending ? (
        <Stack spacing={1} aria-label={t('competitors.loading')} aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={36} />
          ))}
        </Stack>
      ) : competitors.isError ? (
        <LoadErrorAlert error={competitors.error} onRetry={() => void competitors.refetch()} />
      ) : competitors.data.length === 0 ? (
        <Typography color="text.secondary">{t('competitors.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('competitors.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('competitors.name')}</TableCell>
              <TableCell>{t('competitors.stars')}</TableCell>
              <TableCell>{t('competitors.mappings')}</TableCell>
              <TableCell align="right">{t('competitors.rates')}</TableCell>
              <TableCell>{t('competitors.lastObserved')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(competitors.data ?? []).map((c) => (
              <TableRow key={c.uuid}>
                <TableCell>{c.name}</TableCell>
                <TableCell>
                  {c.stars ? t('competitors.starsValue', { count: c.stars }) : '–'}
                </TableCell>
                <TableCell>
                  {c.roomMappings.length
                    ? new Intl.ListFormat(intl.locale).format(
                        c.roomMappings.map((m) =>
                          t('competitors.mapping', {
                            category: m.category,
                            room: roomName(m.roomUuid),
                          }),
                        ),
                      )
                    : t('competitors.unmapped')}
                </TableCell>
                <TableCell align="right">{intl.number(c.rates)}</TableCell>
                <TableCell>
                  {c.lastObservedAt
                    ? intl.date(new Date(c.lastObservedAt), {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })
                    : '–'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    aria-label={t('competitors.editNamed', { name: c.name })}
                    onClick={() => setEditing(c)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('competitors.deleteNamed', { name: c.name })}
                    onClick={() => setDeleting(c)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <CompetitorDialog
          competitor={editing === 'new' ? undefined : editing}
          rooms={rooms}
          pending={save.isPending}
          error={save.error}
          onClose={close}
          onSubmit={(body) =>
            save.mutate(
              { ...body, competitorUuid: editing === 'new' ? undefined : editing.uuid },
              {
                onSuccess: () => {
                  close();
                  showSnackbar({ severity: 'success', message: t('competitors.saved') });
                },
              },
            )
          }
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('competitors.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('competitors.deleteBody', { count: deleting?.rates ?? 0 })}
        confirmLabel={t('competitors.delete')}
        cancelLabel={t('actions.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : undefined}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () => {
              setDeleting(null);
              showSnackbar({ severity: 'success', message: t('competitors.deleted') });
            },
          })
        }
      />
    </SectionCard>
  );
}
