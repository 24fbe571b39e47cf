import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { holidayTypes, type TBusiness } from '@tarifa/contract';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useSaveHolidayRule } from '../../api/events';
import { sanitizeDecimal } from '../../utils/form';
import { holidayRuleFormSchema, holidayRuleFormValues } from '../../utils/holiday-rule-form';

/**
 * The holiday rule of the price settings: on the country's holidays of each type (and the nights
 * before and after them) prices move by that type's percent — the engine's event step.
 */
export function HolidayRuleCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('events');
  const save = useSaveHolidayRule();
  const form = useZodForm({
    schema: holidayRuleFormSchema,
    initialValues: holidayRuleFormValues(business.tariffConfiguration.settings.holidayRule),
    onSubmit: (holidayRule) =>
      save.mutateAsync({ businessUuid: business.uuid, holidayRule, version: business.version }),
  });
  const percent = { endAdornment: <InputAdornment position="end">%</InputAdornment> };

  return (
    <Card component="section" aria-labelledby="holiday-rule">
      <CardHeader
        title={t('rule.title')}
        subheader={t('rule.subtitle')}
        slotProps={{ title: { id: 'holiday-rule', component: 'h2', variant: 'h5' } }}
      />
      <CardContent>
        <form {...form.formProps}>
          <Stack spacing={2.5}>
            <FormAlert error={form.formError} />
            <FormControlLabel
              control={
                <Switch
                  checked={form.values.enabled}
                  onChange={(_event, enabled) => form.setValue('enabled', enabled)}
                />
              }
              label={t('rule.enabled')}
            />
            <Grid container spacing={2}>
              {holidayTypes.map((type) => (
                <Grid key={type} size={{ xs: 6, sm: 4, md: 2.4 }}>
                  <TextField
                    {...form.field(type)}
                    onChange={(event) => form.setValue(type, sanitizeDecimal(event.target.value))}
                    label={t(`holidays.types.${type}`)}
                    disabled={!form.values.enabled}
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' }, input: percent }}
                  />
                </Grid>
              ))}
              {(['nightsBefore', 'nightsAfter'] as const).map((name) => (
                <Grid key={name} size={{ xs: 6, sm: 4, md: 3 }}>
                  <TextField
                    {...form.field(name)}
                    onChange={(event) => form.setValue(name, event.target.value.replace(/\D/g, ''))}
                    label={t(`rule.${name}`)}
                    disabled={!form.values.enabled}
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                  />
                </Grid>
              ))}
            </Grid>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" loading={form.submitting}>
                {t('rule.save')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
