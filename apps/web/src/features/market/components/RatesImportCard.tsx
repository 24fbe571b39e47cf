import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { competitorRatesCsvColumns, type TCompetitorRatesImportResult } from '@tarifa/contract';
import { errorMessage } from '@/lib/forms/messages';
import { useIntl } from '@/lib/intl';
import { useImportRates } from '@/api/market';
import { SectionCard } from './SectionCard';

/** What an import did, in words, with its bad rows (row, column, why). */
function ImportReport({ result }: { result: TCompetitorRatesImportResult }) {
  const { t } = useTranslation('market');
  const intl = useIntl();
  const counts = {
    total: intl.number(result.total),
    written: intl.number(result.written),
    ignored: intl.number(result.ignored),
    rejected: intl.number(result.rejected),
  };
  return (
    <Stack spacing={1.5} data-testid="import-report">
      {result.failure ? (
        <Alert severity="error">
          {t(`import.failure.${result.failure.code}`, {
            ...counts,
            columns: result.failure.params?.columns ?? '',
            defaultValue: result.failure.message,
          })}
        </Alert>
      ) : (
        <Alert severity={result.rejected ? 'warning' : 'success'}>
          {t('import.done', counts)}
          {result.createdCompetitors.length > 0 &&
            ` ${t('import.created', { names: new Intl.ListFormat(intl.locale).format(result.createdCompetitors) })}`}
        </Alert>
      )}
      {result.errors.length > 0 && (
        <Table size="small" aria-label={t('import.errorsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('import.row')}</TableCell>
              <TableCell>{t('import.column')}</TableCell>
              <TableCell>{t('import.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.errors.map((e, i) => (
              <TableRow key={`${e.row}-${e.column}-${i}`}>
                <TableCell>{intl.number(e.row)}</TableCell>
                <TableCell dir="ltr">{e.column ?? '–'}</TableCell>
                <TableCell>{t(`import.codes.${e.code}`, { defaultValue: e.message })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * Competitor rates from a CSV file: all or nothing (the default) or the valid rows only, and
 * whether a competitor the file names but the property does not list is added.
 */
export function RatesImportCard({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('market');
  const upload = useImportRates(businessUuid);
  const [file, setFile] = useState<File | null>(null);
  const [atomic, setAtomic] = useState(true);
  const [createCompetitors, setCreateCompetitors] = useState(false);

  return (
    <SectionCard
      title={t('import.title')}
      subtitle={t('import.subtitle', { columns: competitorRatesCsvColumns.join(', ') })}
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {t('import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="rates-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file ? file.name : t('import.noFile')}
          </Typography>
        </Stack>
        <FormControlLabel
          control={<Switch checked={atomic} onChange={(e) => setAtomic(e.target.checked)} />}
          label={t('import.atomic')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={createCompetitors}
              onChange={(e) => setCreateCompetitors(e.target.checked)}
            />
          }
          label={t('import.createCompetitors')}
        />
        <Button
          variant="contained"
          disabled={!file}
          loading={upload.isPending}
          onClick={() =>
            file &&
            upload.mutate({
              file,
              mode: atomic ? 'atomic' : 'skip_invalid',
              createCompetitors: createCompetitors ? 'true' : undefined,
            })
          }
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('import.submit')}
        </Button>
        {upload.isError && <Alert severity="error">{errorMessage(t, upload.error)}</Alert>}
        {upload.data && <ImportReport result={upload.data} />}
      </Stack>
    </SectionCard>
  );
}
