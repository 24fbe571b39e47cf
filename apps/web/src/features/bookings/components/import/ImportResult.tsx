import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TImportFailure, TImportStatus } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { downloadText, errorReportCsv, reportFileName } from '../../utils/errorReport';
import { rowErrorMessage } from '../../utils/rowErrors';

const shownErrors = 10;

function Count({
  label,
  value,
  tone,
}: {
  label: string;
  value: number;
  tone?: 'error' | 'success';
}) {
  const intl = useIntl();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 140px', minInlineSize: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        color={value > 0 && tone ? `${tone}.main` : 'text.primary'}
        sx={{ fontWeight: 600 }}
      >
        {intl.number(value)}
      </Typography>
    </Paper>
  );
}

/** Why a whole import failed, in plain words. */
function failureText(t: TFunction, failure: TImportFailure, list: (items: string[]) => string) {
  const known = [
    'invalid_rows',
    'missing_columns',
    'empty_file',
    'not_csv',
    'interrupted',
    'rooms_changed',
  ];
  const code = known.includes(failure.code) ? failure.code : 'internal';
  const columns = failure.params?.columns;
  return t(`import.failure.${code}`, {
    columns: typeof columns === 'string' ? list(columns.split(',').map((c) => c.trim())) : '',
  });
}

/**
 * How an import ended: what was added, updated, refused and left out (rows of another hotel),
 * the room types it created, why it failed if it did, the first bad rows and the full error report
 * to download.
 */
export function ImportResult({
  status,
  onAnother,
  onImportValid,
}: {
  status: TImportStatus;
  onAnother: () => void;
  /** Offered when all-or-nothing failed on bad rows and the file is still at hand. */
  onImportValid?: () => void;
}) {
  const { t, i18n } = useTranslation('bookings');
  const intl = useIntl();
  const list = (items: string[]) =>
    new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(items);
  const succeeded = status.status === 'succeeded';
  const message = (error: TImportStatus['errors'][number]) => rowErrorMessage(i18n, error);

  const download = () =>
    downloadText(
      errorReportCsv(
        status.errors,
        {
          row: t('import.report.row'),
          column: t('import.report.column'),
          message: t('import.report.message'),
        },
        message,
      ),
      reportFileName(status.fileName, t('import.report.suffix')),
    );

  return (
    <Stack spacing={3}>
      {succeeded ? (
        <Alert severity={status.rejected > 0 ? 'warning' : 'success'}>
          <AlertTitle>{t('import.result.succeeded')}</AlertTitle>
          {status.rejected > 0
            ? t('import.result.someRefused', { rejected: intl.number(status.rejected) })
            : t('import.result.allGood')}
        </Alert>
      ) : (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('import.result.failed')}</AlertTitle>
          {status.failure
            ? failureText(t, status.failure, list)
            : t('import.failure.internal')}{' '}
          {t('import.result.nothingStored')}
        </Alert>
      )}

      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ flexWrap: 'wrap' }}
        aria-label={t('import.result.counts')}
        role="group"
      >
        <Count label={t('import.result.inserted')} value={status.inserted} tone="success" />
        <Count label={t('import.result.updated')} value={status.updated} />
        <Count label={t('import.result.rejected')} value={status.rejected} tone="error" />
        {status.format === 'hotel-booking-demand' && (
          <Count label={t('import.result.skipped')} value={status.skipped} />
        )}
      </Stack>

      {status.createdRooms.length > 0 && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to="/pricing-central/room-form"
            >
              {t('import.result.editRooms')}
            </Button>
          }
        >
          <Stack spacing={1}>
            <span>{t('import.result.createdRooms')}</span>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {status.createdRooms.map((code) => (
                <Chip key={code} size="small" label={code} />
              ))}
            </Stack>
          </Stack>
        </Alert>
      )}

      {status.errors.length > 0 && (
        <Stack spacing={1.5} component="section" aria-labelledby="import-errors-title">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography id="import-errors-title" variant="h6" component="h3">
              {t('import.errors.title')}
            </Typography>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
              {t('import.errors.download')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {status.rejected > status.errors.length
              ? t('import.errors.capped', {
                  shown: intl.number(status.errors.length),
                  rejected: intl.number(status.rejected),
                })
              : t('import.errors.intro')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('import.errors.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.report.row')}</TableCell>
                  <TableCell>{t('import.report.column')}</TableCell>
                  <TableCell>{t('import.report.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {status.errors.slice(0, shownErrors).map((error, i) => (
                  <TableRow key={`${error.row}-${error.column ?? ''}-${i}`}>
                    <TableCell>{intl.number(error.row)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{error.column ?? '—'}</TableCell>
                    <TableCell>{message(error)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {status.errors.length > shownErrors && (
            <Typography variant="body2" color="text.secondary">
              {t('import.errors.more', { more: intl.number(status.errors.length - shownErrors) })}
            </Typography>
          )}
        </Stack>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {succeeded && (
          <Button variant="contained" component={RouterLink} to="/pricing-central/bookings">
            {t('import.result.seeBookings')}
          </Button>
        )}
        {onImportValid && (
          <Button variant="contained" onClick={onImportValid}>
            {t('import.result.importValid')}
          </Button>
        )}
        <Button variant={succeeded || onImportValid ? 'outlined' : 'contained'} onClick={onAnother}>
          {t('import.result.another')}
        </Button>
      </Stack>
    </Stack>
  );
}
