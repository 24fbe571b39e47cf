import ClearIcon from '@mui/icons-material/FilterAltOffOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  priceChangeReasonSteps,
  type TPriceChangeReasonStep,
  type TPriceStage,
  type TRoomTariff,
} from '@tarifa/contract';
import { DateRangeFilter } from '@/components/DateRangeFilter';
import { reasonStepName } from '@/api/price-changes';
import { useIntl } from '@/lib/intl';
import {
  changeStages,
  defaultFilters,
  isDefaultView,
  type PriceChangeFilters,
} from '../hooks/usePriceChangesQueryState';

/** Stage of a price's life (waiting for you first), room type, nights from–to and the step the reason names. */
export function PriceChangesFilters({
  filters,
  onChange,
  rooms,
}: {
  filters: PriceChangeFilters;
  onChange: (patch: Partial<PriceChangeFilters>) => void;
  rooms: readonly TRoomTariff[];
}) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  return (
    <Stack spacing={2} role="search" aria-label={t('filters.label')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('filters.status')}
            value={filters.stage}
            onChange={(event) => {
              const next = event.target.value as unknown as TPriceStage[] | string;
              onChange({
                stage: (typeof next === 'string'
                  ? next.split(',').filter(Boolean)
                  : next) as TPriceStage[],
              });
            }}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'price-changes-status-filter' },
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (selected) => {
                  const list = selected as TPriceStage[];
                  return list.length === 0
                    ? t('filters.allStatuses')
                    : list.map((stage) => t(`stage.${stage}`)).join(', ');
                },
              },
            }}
          >
            {changeStages.map((stage) => (
              <MenuItem key={stage} value={stage}>
                <Checkbox
                  checked={filters.stage.includes(stage)}
                  size="small"
                  sx={{ p: 0.5, marginInlineEnd: 1 }}
                />
                <ListItemText primary={t(`stage.${stage}`)} />
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('filters.room')}
            value={rooms.some((room) => room.uuid === filters.roomUuid) ? filters.roomUuid : ''}
            onChange={(event) => onChange({ roomUuid: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('filters.allRooms')}</MenuItem>
            {rooms.map((room) => (
              <MenuItem key={room.uuid} value={room.uuid}>
                {room.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <DateRangeFilter
          value={filters}
          onChange={onChange}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
        />
        <Grid size={{ xs: 12, md: 2 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('filters.step')}
            value={filters.step}
            onChange={(event) =>
              onChange({ step: event.target.value as TPriceChangeReasonStep | '' })
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('filters.allSteps')}</MenuItem>
            {priceChangeReasonSteps.map((step) => (
              <MenuItem key={step} value={step}>
                {reasonStepName(intl, step)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      {!isDefaultView(filters) && (
        <div>
          <Button size="small" startIcon={<ClearIcon />} onClick={() => onChange(defaultFilters)}>
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
