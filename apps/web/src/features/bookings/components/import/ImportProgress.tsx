import CheckIcon from '@mui/icons-material/CheckCircle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TImportStatus } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { formatBytes } from '@/lib/numbers';

/** One labelled bar: determinate when `value` (0–100) is known, moving otherwise. */
function Bar({
  label,
  detail,
  value,
  done = false,
}: {
  label: string;
  detail: string;
  value: number | null;
  done?: boolean;
}) {
  const id = useId();
  return (
    <Stack spacing={0.75}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {done && <CheckIcon color="success" fontSize="small" />}
          <Typography id={id} sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {detail}
        </Typography>
      </Stack>
      <LinearProgress
        aria-labelledby={id}
        aria-valuetext={detail}
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
        color={done ? 'success' : 'primary'}
        sx={{ blockSize: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}

/** The import is known to exist, its first status not read yet. */
export function WaitingBar() {
  const { t } = useTranslation('bookings');
  return (
    <Bar
      label={t('import.progress.processing')}
      detail={t('import.progress.queued')}
      value={null}
    />
  );
}

/** Sending the file: bytes sent of the whole. */
export function UploadBar({ loaded, total }: { loaded: number; total: number }) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const done = total > 0 && loaded >= total;
  return (
    <Bar
      label={done ? t('import.progress.uploaded') : t('import.progress.uploading')}
      detail={t('import.progress.bytes', {
        loaded: formatBytes(loaded, intl.locale),
        total: formatBytes(total, intl.locale),
        percent: intl.percent(total ? loaded / total : 0),
      })}
      value={total ? Math.min(100, (loaded / total) * 100) : null}
      done={done}
    />
  );
}

/** Reading the rows: processed of the file's rows (moving while they are still being counted). */
export function RowsBar({ status }: { status: TImportStatus }) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const { total, processed } = status;
  const detail =
    status.status === 'queued'
      ? t('import.progress.queued')
      : total === null
        ? t('import.progress.counting', { processed: intl.number(processed) })
        : t('import.progress.rows', {
            processed: intl.number(processed),
            total: intl.number(total),
            percent: intl.percent(total ? processed / total : 1),
          });
  const value =
    status.status === 'queued' || total === null
      ? null
      : total === 0
        ? 100
        : Math.min(100, (processed / total) * 100);
  return <Bar label={t('import.progress.processing')} detail={detail} value={value} />;
}
