import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { businessLimits, eventImpacts, type TBusiness, type TEvent } from '@tarifa/contract';
import { PickersProvider } from '@/components/PickersProvider';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useSaveEvent } from '../../api/events';
import { eventFormSchema, eventFormValues } from '../../utils/event-form';
import { sanitizeDecimal } from '../../utils/form';
import { DateRangeField } from '../DateRangeField';

interface EventDialogProps {
  business: TBusiness;
  /** The event to change; absent to add one starting on `start`. */
  event?: TEvent;
  start: string;
  onClose: () => void;
}

/** Adds or changes a local event: name, nights, expected impact and an optional percent. */
export function EventDialog({ business, event, start, onClose }: EventDialogProps) {
  const { t } = useTranslation('events');
  const titleId = useId();
  const save = useSaveEvent();
  const form = useZodForm({
    schema: eventFormSchema,
    initialValues: eventFormValues(event, start),
    onSubmit: async (fields) => {
      await save.mutateAsync({
        businessUuid: business.uuid,
        id: event?.id,
        event: fields,
        version: business.version,
      });
      onClose();
    },
  });
  const { values } = form;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form {...form.formProps}>
        <DialogTitle id={titleId}>
          {event ? t('dialog.editTitle') : t('dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert error={form.formError} />
            <TextField
              {...form.field('name')}
              label={t('dialog.name')}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: businessLimits.nameMax } }}
            />
            <PickersProvider>
              <DateRangeField
                value={{ start: values.startDate, end: values.endDate }}
                onChange={({ start: startDate, end: endDate }) =>
                  form.setValues({ startDate, endDate })
                }
                startLabel={t('dialog.startDate')}
                endLabel={t('dialog.endDate')}
                startError={form.errorFor('startDate')}
                endError={form.errorFor('endDate')}
              />
            </PickersProvider>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.field('impact')}
                select
                label={t('dialog.impact')}
                sx={{ minInlineSize: 180 }}
              >
                {eventImpacts.map((impact) => (
                  <MenuItem key={impact} value={impact}>
                    {t(`impact.${impact}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...form.field('adjustmentPercent', { helperText: t('dialog.adjustmentHint') })}
                onChange={(e) =>
                  form.setValue('adjustmentPercent', sanitizeDecimal(e.target.value))
                }
                label={t('dialog.adjustment')}
                fullWidth
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
