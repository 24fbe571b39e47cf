import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { errorMessage } from '@/lib/forms';
import { useRequiredBusiness } from '@/api/business';
import {
  clearUpload,
  isFinished,
  rememberRunningImport,
  runningImportOf,
  stopUpload,
  useImportStatus,
  useStartImport,
  useUpload,
  type ImportChoices,
} from '../api/imports';
import { ImportResult } from '../components/import/ImportResult';
import { RowsBar, UploadBar, WaitingBar } from '../components/import/ImportProgress';
import { ImportWizard } from '../components/import/ImportWizard';
import { RecentImports } from '../components/import/RecentImports';
import { bookingsPath } from '../paths';

const steps = ['file', 'check', 'import', 'result'] as const;

function ImportSteps({ active }: { active: number }) {
  const { t } = useTranslation('bookings');
  return (
    <Stepper activeStep={active} alternativeLabel aria-label={t('import.steps.label')}>
      {steps.map((step, i) => (
        <Step key={step} completed={i < active}>
          <StepLabel>{t(`import.steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** The import named in the address bar: its progress while it runs, then its result. */
function ImportStatusPanel({
  business,
  importId,
  onAnother,
  onImportValid,
}: {
  business: TBusiness;
  importId: string;
  onAnother: () => void;
  /** Sends the same file again, keeping the valid rows (offered after an all-or-nothing failure). */
  onImportValid?: () => void;
}) {
  const { t } = useTranslation('bookings');
  const status = useImportStatus(business.uuid, importId);
  const data = status.data;
  const finished = data ? isFinished(data.status) : false;

  useEffect(() => {
    // Seen finished: no longer the running import to come back to.
    if (finished && runningImportOf(business.uuid) === importId) {
      rememberRunningImport(business.uuid, null);
    }
  }, [finished, business.uuid, importId]);

  return (
    <Stack spacing={3}>
      <ImportSteps active={finished ? 3 : 2} />
      {status.isPending ? (
        <WaitingBar />
      ) : status.isError && !data ? (
        <LoadErrorAlert
          error={status.error}
          onRetry={status.refetch}
          action={
            <Button color="inherit" size="small" onClick={onAnother}>
              {t('import.result.another')}
            </Button>
          }
        >
          {t('import.statusFailed')}
        </LoadErrorAlert>
      ) : data ? (
        <>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {data.fileName}
          </Typography>
          {finished ? (
            <ImportResult
              status={data}
              onAnother={onAnother}
              onImportValid={
                data.failure?.code === 'invalid_rows' && data.mode === 'atomic'
                  ? onImportValid
                  : undefined
              }
            />
          ) : (
            <Stack spacing={2.5}>
              <UploadBar loaded={data.fileSize} total={data.fileSize} />
              <RowsBar status={data} />
              <Typography variant="body2" color="text.secondary">
                {t('import.progress.leave')}
              </Typography>
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}

/** The file being sent: bytes so far, a way to stop; or why it failed, with Try again. */
function UploadPanel({
  business,
  onRetry,
  onBack,
}: {
  business: TBusiness;
  onRetry?: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('bookings');
  const upload = useUpload(business.uuid);
  if (!upload) return null;
  return (
    <Stack spacing={3}>
      <ImportSteps active={2} />
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {upload.fileName}
      </Typography>
      {upload.error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Stack direction="row" spacing={1}>
              {onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('actions.retry')}
                </Button>
              )}
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  clearUpload(business.uuid);
                  onBack();
                }}
              >
                {t('actions.back')}
              </Button>
            </Stack>
          }
        >
          {t('import.uploadFailed')} {errorMessage(t, upload.error)}
        </Alert>
      ) : (
        <Stack spacing={2.5}>
          <UploadBar loaded={upload.loaded} total={upload.total} />
          <Typography variant="body2" color="text.secondary">
            {t('import.progress.uploadLeave')}
          </Typography>
          <div>
            <Button color="error" onClick={() => stopUpload(business.uuid)}>
              {t('import.stop')}
            </Button>
          </div>
        </Stack>
      )}
    </Stack>
  );
}

function ImportBookings({ business }: { business: TBusiness }) {
  const { t } = useTranslation('bookings');
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const upload = useUpload(business.uuid);
  const start = useStartImport(business.uuid);
  const [step, setStep] = useState<0 | 1>(0);
  const [last, setLast] = useState<{ file: File; choices: ImportChoices } | null>(null);

  // Coming back while an import runs (or just after its file was sent): show its progress.
  const running = runningImportOf(business.uuid);
  useEffect(() => {
    if (!importId && !upload && running) setParams({ import: running }, { replace: true });
  }, [importId, upload, running, setParams]);

  const send = (file: File, choices: ImportChoices) => {
    setLast({ file, choices });
    // A new upload replaces the import shown (its progress shows in the upload panel).
    if (importId) setParams({});
    void start(file, choices).then((id) => {
      if (id) setParams({ import: id });
    });
  };
  const another = () => {
    // Only offered once the import ended (or cannot be found): nothing to come back to.
    rememberRunningImport(business.uuid, null);
    setLast(null);
    setStep(0);
    setParams({});
  };

  let content;
  if (importId) {
    content = (
      <ImportStatusPanel
        business={business}
        importId={importId}
        onAnother={another}
        onImportValid={
          last ? () => send(last.file, { ...last.choices, mode: 'skip_invalid' }) : undefined
        }
      />
    );
  } else if (upload) {
    content = (
      <UploadPanel
        business={business}
        onRetry={last ? () => send(last.file, last.choices) : undefined}
        onBack={another}
      />
    );
  } else {
    content = (
      <Stack spacing={3}>
        <ImportSteps active={step} />
        <ImportWizard business={business} onStart={send} onStep={setStep} />
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <div>
        <Button
          component={RouterLink}
          to={bookingsPath}
          size="small"
          startIcon={<ArrowBackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          sx={{ mb: 1 }}
        >
          {t('import.backToBookings')}
        </Button>
        <Typography variant="h4" component="h1">
          {t('import.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
          {t('import.intro', { name: business.name })}
        </Typography>
      </div>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardContent>{content}</CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <RecentImports businessUuid={business.uuid} current={importId ?? undefined} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** `/pricing-central/bookings/import`: the CSV import wizard, its progress and recent imports. */
export default function ImportBookingsPage() {
  const business = useRequiredBusiness();
  return <ImportBookings key={business.uuid} business={business} />;
}
