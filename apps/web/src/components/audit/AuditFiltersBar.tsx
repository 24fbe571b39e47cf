import ClearIcon from '@mui/icons-material/FilterAltOffOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/DateRangeFilter';
import { MultiSelectField } from '@/components/MultiSelectField';
import { PickersProvider } from '@/components/PickersProvider';
import {
  auditActorKinds,
  auditEntities,
  type TAuditActorKind,
  type TAuditEntity,
} from '@tarifa/contract';
import { noAuditFilters, type AuditFilters } from '@/api/audit';

/** Entities (several), who (user, integration, Tarifa) and the period, in UTC days. */
export function AuditFiltersBar({
  filters,
  onChange,
  entities = auditEntities,
}: {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
  /** The entities offered (a property's trail has no account events). */
  entities?: readonly TAuditEntity[];
}) {
  const { t } = useTranslation('audit');
  const filtered = JSON.stringify(filters) !== JSON.stringify(noAuditFilters);
  return (
    <Grid container spacing={2} role="search" aria-label={t('filters.label')}>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <MultiSelectField
          label={t('filters.entity')}
          placeholder={t('filters.anyEntity')}
          value={filters.entity}
          options={entities.map((entity) => ({ value: entity, label: t(`entities.${entity}`) }))}
          onChange={(entity) => onChange({ entity })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('filters.actorKind')}
          value={filters.actorKind}
          onChange={(event) => onChange({ actorKind: event.target.value as TAuditActorKind | '' })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('filters.anyActor')}</MenuItem>
          {auditActorKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <PickersProvider>
        <DateRangeFilter
          value={filters}
          onChange={onChange}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
        />
      </PickersProvider>
      {filtered && (
        <Grid size={{ xs: 12, md: 1 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Button size="small" startIcon={<ClearIcon />} onClick={() => onChange(noAuditFilters)}>
            {t('filters.clear')}
          </Button>
        </Grid>
      )}
    </Grid>
  );
}
