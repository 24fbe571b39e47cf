import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessLimits, type TBusiness, type TFluctuationLevelGroup } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { PricePreviewSummary } from '@/components/PricePreviewSummary';
import { RoomTypesSelect } from '@/components/RoomTypesSelect';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/UnsavedChangesGuard';
import { toFormError, useZodForm, type FormError } from '@/lib/forms';
import { useChangePreview } from '@/api/prices';
import { showSnackbar } from '@/lib/snackbar';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { useDeleteFluctuationLevel, useSaveFluctuationLevel } from '../api/fluctuationLevels';
import {
  drawableSteps,
  groupFormSchema,
  groupValues,
  newGroupValues,
  sameGroupValues,
} from '../utils/steps';
import { StepsEditor } from './StepsEditor';

const FluctuationChart = lazy(() => import('./FluctuationChart'));

interface GroupFormDialogProps {
  business: TBusiness;
  /** The group to edit; absent to add one. */
  group?: TFluctuationLevelGroup;
  onClose: () => void;
}

/**
 * Adds or edits a group of occupancy levels in a dialog (full screen on phones): its name, the
 * room types it covers and its steps, with the chart redrawn as they change. Update and delete
 * failures show here, inline, as well as in the app's snackbar; a change made elsewhere
 * meanwhile is reported, never overwritten.
 */
export function GroupFormDialog({ business, group, onClose }: GroupFormDialogProps) {
  const { t } = useTranslation('fluctuation');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const save = useSaveFluctuationLevel(group?.uuid);
  const remove = useDeleteFluctuationLevel();
  const rooms = business.tariffConfiguration.roomsTariff;
  const [initialValues] = useState(() => (group ? groupValues(group) : newGroupValues()));
  const [version] = useState(business.version);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [deleteError, setDeleteError] = useState<FormError | null>(null);
  const [exampleUuid, setExampleUuid] = useState('');

  const form = useZodForm({
    schema: groupFormSchema,
    initialValues,
    onSubmit: async (fluctuationLevel) => {
      setDeleteError(null);
      await save.mutateAsync({
        businessUuid: business.uuid,
        groupUuid: group?.uuid,
        fluctuationLevel,
        version,
      });
      showSnackbar({
        severity: 'success',
        message: group
          ? t('form.updated', { name: fluctuationLevel.name })
          : t('form.created', { name: fluctuationLevel.name }),
      });
      onClose();
    },
  });
  /** The message for a list field or any of its items (`roomUuids.2` → the room types field). */
  const errorUnder = (prefix: string) => {
    const path = Object.keys(form.errors).find((p) => p === prefix || p.startsWith(`${prefix}.`));
    return path ? form.errorFor(path) : undefined;
  };
  const dirty = !sameGroupValues(form.values, initialValues);
  const guard = useUnsavedChangesGuard(dirty && !form.submitting);
  // What the change would do to the prices, asked once the values are valid and changed.
  const parsed = useMemo(() => groupFormSchema.safeParse(form.values), [form.values]);
  const pricePreview = useChangePreview(
    { uuid: business.uuid, version },
    dirty && parsed.success
      ? {
          kind: 'fluctuationLevel',
          ...(group ? { groupUuid: group.uuid } : {}),
          fluctuationLevel: parsed.data,
        }
      : null,
  );

  const covered = rooms.filter(
    (room) =>
      !room.derivedFrom &&
      (form.values.roomUuids.length === 0 || form.values.roomUuids.includes(room.uuid)),
  );
  const example = covered.find((room) => room.uuid === exampleUuid) ?? covered[0];

  const requestClose = () => {
    if (form.submitting || remove.isPending) return;
    if (dirty) setConfirmDiscard(true);
    else onClose();
  };

  const onDelete = () => {
    if (!group) return;
    setDeleteError(null);
    remove.mutate(
      { businessUuid: business.uuid, groupUuid: group.uuid },
      {
        onSuccess: () => {
          showSnackbar({ severity: 'success', message: t('form.deleted', { name: group.name }) });
          setConfirmDelete(false);
          onClose();
        },
        onError: (error) => {
          // A failed delete reaches the form too, which says why.
          setConfirmDelete(false);
          setDeleteError(toFormError(error));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={requestClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <Box component="form" {...form.formProps} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>
          {group ? t('form.editTitle', { name: group.name }) : t('form.newTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            <BusinessErrorAlert error={form.formError ?? deleteError} />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...form.field('name')}
                  label={t('form.name')}
                  placeholder={t('form.namePlaceholder')}
                  fullWidth
                  autoFocus={!group}
                  slotProps={{ htmlInput: { maxLength: businessLimits.nameMax } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <RoomTypesSelect
                  name="roomUuids"
                  label={t('form.rooms')}
                  allLabel={t('form.allRooms')}
                  rooms={rooms}
                  value={form.values.roomUuids}
                  onChange={(uuids) => form.setValue('roomUuids', uuids)}
                  error={Boolean(errorUnder('roomUuids'))}
                  helperText={errorUnder('roomUuids') ?? t('form.roomsHint')}
                />
              </Grid>
            </Grid>

            <Box component="section" aria-labelledby={`${titleId}-steps`}>
              <Typography id={`${titleId}-steps`} variant="h6" component="h3">
                {t('steps.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('steps.intro')}
              </Typography>
              <StepsEditor
                levels={form.values.levels}
                onChange={(levels) => form.setValue('levels', levels)}
                errorFor={form.errorFor}
                exampleRoom={example}
                currency={business.currency}
              />
            </Box>

            <Box component="section" aria-labelledby={`${titleId}-chart`}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
              >
                <Typography id={`${titleId}-chart`} variant="h6" component="h3">
                  {t('chart.title')}
                </Typography>
                {covered.length > 1 && (
                  <TextField
                    select
                    size="small"
                    label={t('chart.exampleRoom')}
                    value={example?.uuid ?? ''}
                    onChange={(event) => setExampleUuid(event.target.value)}
                    sx={{ minInlineSize: 220 }}
                  >
                    {covered.map((room) => (
                      <MenuItem key={room.uuid} value={room.uuid}>
                        {room.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Stack>
              {rooms.length === 0 && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {t('chart.noRooms')}
                </Alert>
              )}
              <Suspense fallback={<Box sx={{ blockSize: 280 }} />}>
                <FluctuationChart
                  levels={drawableSteps(form.values.levels)}
                  room={example}
                  currency={business.currency}
                />
              </Suspense>
            </Box>
            <PricePreviewSummary {...pricePreview} />
          </Stack>
        </DialogContent>
        <DialogActions
          sx={{ justifyContent: 'space-between', px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}
        >
          {group ? (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirmDelete(true)}
              disabled={form.submitting}
            >
              {t('form.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Stack direction="row" spacing={1}>
            <Button onClick={requestClose} disabled={form.submitting}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={form.submitting}>
              {group ? t('form.save') : t('form.create')}
            </Button>
          </Stack>
        </DialogActions>
      </Box>

      {group && (
        <ConfirmDeleteDialog
          open={confirmDelete}
          title={t('delete.title', { name: group.name })}
          body={t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          pending={remove.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={onDelete}
        />
      )}
      <ConfirmDeleteDialog
        open={confirmDiscard}
        title={t('leave.title')}
        body={t('leave.body')}
        confirmLabel={t('leave.leave')}
        cancelLabel={t('leave.stay')}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
      />
      <UnsavedChangesDialog
        blocker={guard.blocker}
        title={t('leave.title')}
        body={t('leave.body')}
        stay={t('leave.stay')}
        leave={t('leave.leave')}
      />
    </Dialog>
  );
}
