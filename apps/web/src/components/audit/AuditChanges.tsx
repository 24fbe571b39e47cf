import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent } from '@tarifa/contract';
import { useIntl, type Formatters } from '@/lib/intl';

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as a person reads it: dates and numbers in their language, "—" for none. */
function formatAuditValue(value: unknown, intl: Formatters, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit:values.yes' : 'audit:values.no');
  if (typeof value === 'number') return intl.number(value);
  if (typeof value === 'string') {
    if (isoDate.test(value)) {
      return intl.date(new Date(`${value}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
    }
    if (isoInstant.test(value) && !Number.isNaN(Date.parse(value))) {
      return intl.date(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
    }
    return value;
  }
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => formatAuditValue(item, intl, t)).join(', ') : '—';
  }
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${formatAuditValue(item, intl, t)}`)
      .join(', ');
  }
  return String(value as string);
}

/** Each changed field of an event: its name, what it was and what it became. */
export function AuditChanges({ event, id }: { event: TAuditEvent; id: string }) {
  const { t } = useTranslation('audit');
  const intl = useIntl();
  const fields = Object.entries(event.changes);
  if (fields.length === 0) {
    return (
      <Typography id={id} variant="body2" color="text.secondary">
        {t('details.none')}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      id={id}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {fields.map(([field, { before, after }]) => (
        <Box key={field} sx={{ display: 'contents' }} data-field={field}>
          <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {field}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatAuditValue(before, intl, t)}
            </Box>
            <ArrowForwardIcon
              fontSize="inherit"
              aria-label={t('details.became')}
              sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
            />
            <span>{formatAuditValue(after, intl, t)}</span>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
