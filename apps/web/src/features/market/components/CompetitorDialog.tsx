import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCompetitor, TCompetitorBody, TRoomTariff } from '@tarifa/contract';
import { ApiError } from '@/lib/api';
import { errorMessage, issueMessage } from '@/lib/forms/messages';

interface CompetitorDialogProps {
  /** The competitor edited; undefined to add one. */
  competitor: TCompetitor | undefined;
  rooms: readonly TRoomTariff[];
  pending: boolean;
  error: unknown;
  onSubmit: (body: TCompetitorBody) => void;
  onClose: () => void;
}

interface Draft {
  name: string;
  url: string;
  stars: string;
  roomMappings: { category: string; roomUuid: string }[];
}

const draftOf = (competitor: TCompetitor | undefined, rooms: readonly TRoomTariff[]): Draft => ({
  name: competitor?.name ?? '',
  url: competitor?.url ?? '',
  stars: competitor?.stars ? String(competitor.stars) : '',
  roomMappings: competitor?.roomMappings.map((m) => ({ ...m })) ?? [
    { category: '', roomUuid: rooms[0]?.uuid ?? '' },
  ],
});

/**
 * Adds or edits a competitor: its name, address and stars, and which of its room categories
 * (as its rates name them) compare with which of the property's room types.
 */
export function CompetitorDialog({
  competitor,
  rooms,
  pending,
  error,
  onSubmit,
  onClose,
}: CompetitorDialogProps) {
  const { t } = useTranslation('market');
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(competitor, rooms));
  const issues = error instanceof ApiError ? error.details : [];
  const issueAt = (path: string) => {
    const found = issues.find((i) => i.path === path);
    return found ? issueMessage(t, found) : undefined;
  };
  const setMapping = (index: number, patch: Partial<Draft['roomMappings'][number]>) =>
    setDraft((d) => ({
      ...d,
      roomMappings: d.roomMappings.map((m, i) => (i === index ? { ...m, ...patch } : m)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      name: draft.name,
      url: draft.url.trim() || null,
      stars: draft.stars ? Number(draft.stars) : null,
      roomMappings: draft.roomMappings.filter((m) => m.category.trim() !== ''),
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {competitor ? t('competitors.edit') : t('competitors.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error !== null && error !== undefined && issues.length === 0 && (
              <Alert severity="error">{errorMessage(t, error)}</Alert>
            )}
            <TextField
              label={t('competitors.name')}
              value={draft.name}
              required
              autoFocus
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              error={Boolean(issueAt('name'))}
              helperText={issueAt('name')}
            />
            <TextField
              label={t('competitors.url')}
              value={draft.url}
              type="url"
              onChange={(e) => setDraft({ ...draft, url: e.target.value })}
              error={Boolean(issueAt('url'))}
              helperText={issueAt('url') ?? t('competitors.urlHint')}
            />
            <TextField
              select
              label={t('competitors.stars')}
              value={draft.stars}
              onChange={(e) => setDraft({ ...draft, stars: e.target.value })}
              error={Boolean(issueAt('stars'))}
              helperText={issueAt('stars')}
            >
              <MenuItem value="">{t('competitors.noStars')}</MenuItem>
              {[1, 2, 3, 4, 5].map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {t('competitors.starsValue', { count: n })}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle2" component="h3">
              {t('competitors.mappings')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('competitors.mappingsHint')}
            </Typography>
            {draft.roomMappings.map((mapping, index) => (
              <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  label={t('competitors.category')}
                  value={mapping.category}
                  onChange={(e) => setMapping(index, { category: e.target.value })}
                  error={Boolean(issueAt(`roomMappings.${index}.category`))}
                  helperText={issueAt(`roomMappings.${index}.category`)}
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label={t('competitors.roomType')}
                  value={mapping.roomUuid}
                  onChange={(e) => setMapping(index, { roomUuid: e.target.value })}
                  error={Boolean(issueAt(`roomMappings.${index}.roomUuid`))}
                  helperText={issueAt(`roomMappings.${index}.roomUuid`)}
                  sx={{ flex: 1 }}
                >
                  {rooms.map((room) => (
                    <MenuItem key={room.uuid} value={room.uuid}>
                      {room.name}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={t('competitors.removeMapping', { category: mapping.category })}
                  onClick={() =>
                    setDraft((d) => ({
                      ...d,
                      roomMappings: d.roomMappings.filter((_, i) => i !== index),
                    }))
                  }
                  sx={{ alignSelf: 'center' }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setDraft((d) => ({
                  ...d,
                  roomMappings: [
                    ...d.roomMappings,
                    { category: '', roomUuid: rooms[0]?.uuid ?? '' },
                  ],
                }))
              }
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('competitors.addMapping')}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
