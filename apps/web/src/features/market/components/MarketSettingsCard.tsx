import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TMarketSettings } from '@tarifa/contract';
import { ApiError } from '@/lib/api';
import { issueMessage } from '@/lib/forms/messages';
import { useSaveMarketSettings } from '@/api/market';
import { SectionCard } from './SectionCard';

type NumberField = Exclude<keyof TMarketSettings, 'enabled'>;
const numberFields: NumberField[] = [
  'belowPercent',
  'abovePercent',
  'minCompetitors',
  'maxAgeDays',
];

/**
 * The market step's settings: whether it moves prices, the band around the competitors' median,
 * how many competitors a night needs, and how old a rate may be.
 */
export function MarketSettingsCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('market');
  const saved = business.tariffConfiguration.settings.market;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [values, setValues] = useState<Record<NumberField, string>>(() => ({
    belowPercent: String(saved.belowPercent),
    abovePercent: String(saved.abovePercent),
    minCompetitors: String(saved.minCompetitors),
    maxAgeDays: String(saved.maxAgeDays),
  }));
  const save = useSaveMarketSettings();
  const issues = save.error instanceof ApiError ? save.error.details : [];
  const issueAt = (field: string) => {
    const found = issues.find((i) => i.path === `settings.market.${field}`);
    return found ? issueMessage(t, found) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (field: NumberField) => Number(values[field].replace(',', '.'));
    save.mutate({
      uuid: business.uuid,
      market: {
        enabled,
        belowPercent: number('belowPercent'),
        abovePercent: number('abovePercent'),
        minCompetitors: number('minCompetitors'),
        maxAgeDays: number('maxAgeDays'),
      },
    });
  };

  return (
    <SectionCard title={t('settings.title')} subtitle={t('settings.subtitle')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label={t('settings.enabled')}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {numberFields.map((field) => (
            <TextField
              key={field}
              label={t(`settings.${field}`)}
              value={values[field]}
              inputMode="decimal"
              onChange={(e) => setValues({ ...values, [field]: e.target.value })}
              error={Boolean(issueAt(field))}
              helperText={issueAt(field) ?? t(`settings.${field}Hint`)}
              sx={{ flex: 1 }}
            />
          ))}
        </Stack>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('actions.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
