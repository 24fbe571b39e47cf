import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useTranslation } from 'react-i18next';
import { analyticsLimits } from '@tarifa/contract';
import { PickersProvider } from '@/components/PickersProvider';
import { addDays, addMonths, fromLocalDate, monthEnd, monthStart, toLocalDate } from '@/lib/dates';
import type { Period } from '../hooks/useAnalyticsParams';
import { FilterSelect } from './FilterSelect';

const presets = ['thisMonth', 'nextMonth', 'next90', 'last90', 'thisYear', 'last365'] as const;
type Preset = (typeof presets)[number];

/** The nights of a quick period, from `today` where the property is. */
function presetPeriod(preset: Preset, today: string): Period {
  switch (preset) {
    case 'thisMonth':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'nextMonth': {
      const next = addMonths(today, 1);
      return { from: next, to: monthEnd(next) };
    }
    case 'next90':
      return { from: today, to: addDays(today, 89) };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'last365':
      return { from: addDays(today, -364), to: today };
  }
}

/** The longest period the API takes, from its first night. */
const lastNightFrom = (from: string) => addDays(from, analyticsLimits.rangeNightsMax - 1);

/**
 * The first and last night of a view's period, or a quick period (this month, the next 90
 * nights…). The last night follows the first when the first moves past it, and stays within the
 * longest period the API takes.
 */
export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation('analytics');
  const preset =
    presets.find((p) => {
      const nights = presetPeriod(p, today);
      return nights.from === period.from && nights.to === period.to;
    }) ?? '';
  return (
    <PickersProvider>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        role="group"
        aria-label={t('period.label')}
      >
        <FilterSelect
          label={t('period.presets.label')}
          value={preset}
          options={presets.map((p) => ({ value: p, label: t(`period.presets.${p}`) }))}
          onChange={(next) => onChange(presetPeriod(next, today))}
          minWidth={200}
        />
        <DatePicker
          label={t('period.from')}
          value={toLocalDate(period.from)}
          onChange={(next) => {
            const from = fromLocalDate(next);
            if (!from) return;
            const to =
              period.to < from
                ? from
                : period.to > lastNightFrom(from)
                  ? lastNightFrom(from)
                  : period.to;
            onChange({ from, to });
          }}
          slotProps={{ textField: { size: 'small', name: 'from' } }}
        />
        <DatePicker
          label={t('period.to')}
          value={toLocalDate(period.to)}
          minDate={toLocalDate(period.from) ?? undefined}
          maxDate={toLocalDate(lastNightFrom(period.from)) ?? undefined}
          onChange={(next) => {
            const to = fromLocalDate(next);
            if (!to || to < period.from || to > lastNightFrom(period.from)) return;
            onChange({ from: period.from, to });
          }}
          slotProps={{ textField: { size: 'small', name: 'to' } }}
        />
      </Stack>
    </PickersProvider>
  );
}
