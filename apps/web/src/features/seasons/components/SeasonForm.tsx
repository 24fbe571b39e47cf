import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  businessLimits,
  sazonalityAdjustmentTypes,
  type TBusiness,
  type TSazonality,
  type TSazonalityAdjustmentType,
} from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { PricePreviewSummary } from '@/components/PricePreviewSummary';
import { RoomTypesSelect } from '@/components/RoomTypesSelect';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/UnsavedChangesGuard';
import { toFormError, useZodForm } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { useDeleteSazonality, useSaveSazonality } from '../api/sazonalities';
import { seasonsPath } from '../paths';
import {
  newSeasonValues,
  sameSeasonValues,
  sanitizeDecimal,
  seasonFormSchema,
  seasonValues,
} from '../utils/form';
import { ColorField } from './ColorField';
import { DateRangeField } from './DateRangeField';
import { PickersProvider } from '@/components/PickersProvider';
import { currencySymbol, parseAmount } from '@/lib/numbers';
import { useChangePreview } from '@/api/prices';
import { SeasonPreview } from './SeasonPreview';
import { WeekdayChips } from './WeekdayChips';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface SeasonFormProps {
  business: TBusiness;
  /** The season to edit; absent to add one. */
  season?: TSazonality;
  /** A first night to start a new season on (`YYYY-MM-DD`), e.g. from the calendar. */
  start?: string;
}

/**
 * Adds or edits a season: name and colour, its nights (a date range, some weekdays), its room
 * types, how it changes the price and its priority, with a sentence previewing the effect on an
 * example room. Checked with the contract's rules before sending; the server's refusals land on
 * their fields; a change made elsewhere meanwhile is reported, never overwritten.
 */
export function SeasonForm({ business, season, start }: SeasonFormProps) {
  const { t, i18n } = useTranslation('seasons');
  const navigate = useNavigate();
  const save = useSaveSazonality();
  const remove = useDeleteSazonality();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { roomsTariff: rooms, sazonalities } = business.tariffConfiguration;
  const [initialValues] = useState(() =>
    season ? seasonValues(season) : newSeasonValues(sazonalities, start),
  );
  // The version this form showed: a change made elsewhere since then is refused, not overwritten.
  const [version] = useState(business.version);

  const form = useZodForm({
    schema: seasonFormSchema,
    initialValues,
    onSubmit: async (sazonality) => {
      const answer = await save.mutateAsync({
        businessUuid: business.uuid,
        id: season?.id,
        sazonality,
        version,
      });
      showSnackbar({
        severity: 'success',
        message: season
          ? t('form.updated', { name: answer.sazonality.name })
          : t('form.created', { name: answer.sazonality.name }),
      });
      guard.allowLeaving();
      void navigate(`${seasonsPath}?year=${answer.sazonality.startDate.slice(0, 4)}`);
    },
  });
  /** The message for a list field or any of its items (`roomUuids.2` → the room types field). */
  const errorUnder = (prefix: string) => {
    const path = Object.keys(form.errors).find((p) => p === prefix || p.startsWith(`${prefix}.`));
    return path ? form.errorFor(path) : undefined;
  };
  const dirty = !sameSeasonValues(form.values, initialValues);
  const guard = useUnsavedChangesGuard(dirty && !form.submitting);
  // What the change would do to the prices, asked once the values are valid and changed.
  const parsed = useMemo(() => seasonFormSchema.safeParse(form.values), [form.values]);
  const pricePreview = useChangePreview(
    { uuid: business.uuid, version },
    dirty && parsed.success
      ? { kind: 'sazonality', ...(season ? { id: season.id } : {}), sazonality: parsed.data }
      : null,
  );

  const { values } = form;
  const symbol = currencySymbol(i18n.language, business.currency);
  const valueAdornment =
    values.adjustmentType === 'percent' ? (
      <InputAdornment position="end">%</InputAdornment>
    ) : (
      <InputAdornment position="start">{symbol}</InputAdornment>
    );

  const onDeleted = () => {
    showSnackbar({ severity: 'success', message: t('form.deleted', { name: season?.name }) });
    guard.allowLeaving();
    void navigate(seasonsPath);
  };

  return (
    <PickersProvider>
      <Card
        component="form"
        {...form.formProps}
        aria-label={season ? t('form.editTitle') : t('form.newTitle')}
      >
        <CardContent>
          {form.formError && (
            <Box sx={{ mb: 3 }}>
              <BusinessErrorAlert error={form.formError} />
            </Box>
          )}
          <Stack spacing={4} divider={<Divider flexItem />}>
            <Section title={t('form.sectionIdentity')}>
              <Grid container spacing={3}>
                <Grid size={{ xs: 12, md: 5 }}>
                  <TextField
                    {...form.field('name')}
                    label={t('form.name')}
                    placeholder={t('form.namePlaceholder')}
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: businessLimits.nameMax } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 7 }}>
                  <ColorField
                    value={values.color}
                    onChange={(color) => form.setValue('color', color)}
                    error={form.errorFor('color')}
                  />
                </Grid>
              </Grid>
            </Section>

            <Section title={t('form.sectionWhen')}>
              <Stack spacing={3}>
                <DateRangeField
                  value={{ start: values.startDate, end: values.endDate }}
                  onChange={({ start: startDate, end: endDate }) =>
                    form.setValues({ startDate, endDate })
                  }
                  startLabel={t('form.startDate')}
                  endLabel={t('form.endDate')}
                  startError={form.errorFor('startDate')}
                  endError={form.errorFor('endDate')}
                />
                <WeekdayChips
                  value={values.weekdays}
                  onChange={(days) => form.setValue('weekdays', days)}
                  error={errorUnder('weekdays')}
                />
              </Stack>
            </Section>

            <Section title={t('form.sectionRooms')}>
              <Box sx={{ maxInlineSize: 560 }}>
                <RoomTypesSelect
                  name="roomUuids"
                  label={t('form.rooms')}
                  allLabel={t('form.allRooms')}
                  rooms={rooms}
                  value={values.roomUuids}
                  onChange={(uuids) => form.setValue('roomUuids', uuids)}
                  error={Boolean(errorUnder('roomUuids'))}
                  helperText={errorUnder('roomUuids') ?? t('form.roomsHint')}
                />
              </Box>
            </Section>

            <Section title={t('form.sectionPrice')}>
              <Stack spacing={3}>
                <ToggleButtonGroup
                  exclusive
                  color="primary"
                  aria-label={t('form.adjustmentType')}
                  value={values.adjustmentType}
                  onChange={(_event, type: TSazonalityAdjustmentType | null) => {
                    if (type) form.setValue('adjustmentType', type);
                  }}
                  sx={{ flexWrap: 'wrap' }}
                >
                  {sazonalityAdjustmentTypes.map((type) => (
                    <ToggleButton key={type} value={type} sx={{ px: 2 }}>
                      {t(`form.types.${type}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <Grid container spacing={3}>
                  <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                    <TextField
                      {...form.field('value', {
                        helperText: t(`form.valueHint.${values.adjustmentType}`),
                      })}
                      onChange={(event) =>
                        form.setValue(
                          'value',
                          sanitizeDecimal(event.target.value, {
                            negative: values.adjustmentType !== 'price',
                          }),
                        )
                      }
                      label={t(`form.valueLabel.${values.adjustmentType}`)}
                      fullWidth
                      slotProps={{
                        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                        input:
                          values.adjustmentType === 'percent'
                            ? { endAdornment: valueAdornment }
                            : { startAdornment: valueAdornment },
                      }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                    <TextField
                      {...form.field('priority', { helperText: t('form.priorityHint') })}
                      onChange={(event) =>
                        form.setValue('priority', event.target.value.replace(/\D/g, ''))
                      }
                      label={t('form.priority')}
                      fullWidth
                      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                    <TextField
                      {...form.field('minStay', {
                        helperText: t('restrictions:season.minStayHint'),
                      })}
                      onChange={(event) =>
                        form.setValue('minStay', event.target.value.replace(/\D/g, ''))
                      }
                      label={t('restrictions:season.minStay')}
                      fullWidth
                      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                    />
                  </Grid>
                </Grid>
                <SeasonPreview
                  rooms={rooms}
                  roomUuids={values.roomUuids}
                  currency={business.currency}
                  adjustmentType={values.adjustmentType}
                  value={parseAmount(values.value)}
                />
                <PricePreviewSummary {...pricePreview} />
              </Stack>
            </Section>

            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              useFlexGap
              sx={{ justifyContent: 'space-between' }}
            >
              {season ? (
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteIcon />}
                  onClick={() => setConfirmDelete(true)}
                  disabled={form.submitting}
                >
                  {t('form.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} useFlexGap>
                <Button
                  variant="outlined"
                  color="secondary"
                  onClick={() => void navigate(seasonsPath)}
                >
                  {t('form.cancel')}
                </Button>
                <Button type="submit" variant="contained" loading={form.submitting}>
                  {season ? t('form.save') : t('form.create')}
                </Button>
              </Stack>
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      {season && (
        <ConfirmDeleteDialog
          open={confirmDelete}
          title={t('delete.title', { name: season.name })}
          body={t('delete.body')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          pending={remove.isPending}
          error={remove.error ? <BusinessErrorAlert error={toFormError(remove.error)} /> : null}
          onCancel={() => {
            remove.reset();
            setConfirmDelete(false);
          }}
          onConfirm={() =>
            remove.mutate({ businessUuid: business.uuid, id: season.id }, { onSuccess: onDeleted })
          }
        />
      )}

      <UnsavedChangesDialog
        blocker={guard.blocker}
        title={t('leave.title')}
        body={t('leave.body')}
        stay={t('leave.stay')}
        leave={t('leave.leave')}
      />
    </PickersProvider>
  );
}
