import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZImportOptions,
  toFieldIssues,
  type TBusiness,
  type TImportFormat,
} from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { issueMessage } from '@/lib/forms';
import { previewImport, type ImportChoices } from '../../api/imports';
import { importKeys } from '../../api/keys';
import { downloadText } from '../../utils/errorReport';
import { sampleTarifaCsv } from '../../utils/sample';
import { FileDrop } from './FileDrop';
import { ImportChoicesForm } from './ImportChoicesForm';

/** A file's identity for the preview cache: the same file chosen again is not read again. */
const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The first two steps of an import: choose the file (its start is read at once to guess the
 * format, the hotels and the room codes), then check and choose the options. `onStart` sends it.
 */
export function ImportWizard({
  business,
  onStart,
  onStep,
}: {
  business: TBusiness;
  onStart: (file: File, choices: ImportChoices) => void;
  /** The step shown: 0 choosing the file, 1 checking the options. */
  onStep?: (step: 0 | 1) => void;
}) {
  const { t } = useTranslation('bookings');
  const rooms = business.tariffConfiguration.roomsTariff;
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<TImportFormat | null>(null);
  const [hotel, setHotel] = useState<string | null>(null);
  const [options, setOptions] = useState<Pick<ImportChoices, 'mode' | 'createMissingRooms'>>({
    mode: 'atomic',
    createMissingRooms: rooms.length === 0,
  });
  const [attempted, setAttempted] = useState(false);

  const preview = useQuery({
    queryKey: [...importKeys.all(business.uuid), 'preview', file ? fileKey(file) : '', format],
    queryFn: ({ signal }) => previewImport(business.uuid, file!, format ?? undefined, signal),
    enabled: Boolean(file),
    // Another format of the same file: keep showing the choices while the file is read again.
    placeholderData: (previous, previousQuery) =>
      file && previousQuery?.queryKey[3] === fileKey(file) ? previous : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
  const data = preview.data;
  const chosenFormat: TImportFormat = format ?? data?.formatGuess ?? 'tarifa';
  // The only hotel of the file is chosen for the owner; with several, the owner picks one.
  const chosenHotel = hotel ?? (data?.hotels.length === 1 ? data.hotels[0]! : '');
  const choices: ImportChoices = { format: chosenFormat, hotel: chosenHotel, ...options };

  const checked = ZImportOptions.safeParse(choices);
  const issues = checked.success ? [] : toFieldIssues(checked.error);
  const hotelIssue = issues.find((issue) => issue.path === 'hotel');
  const blocked = Boolean(data && data.missingColumns.length > 0);

  const choose = (next: File) => {
    setFile(next);
    setFormat(null);
    setHotel(null);
    setAttempted(false);
    onStep?.(1);
  };
  const back = () => {
    setFile(null);
    onStep?.(0);
  };

  const sample = () =>
    downloadText(
      sampleTarifaCsv(rooms[0]?.code ?? 'DBL', business.currency),
      t('import.sample.fileName'),
    );

  if (!file) {
    return (
      <Stack spacing={2.5}>
        <FileDrop file={null} onFile={choose} />
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('import.formats.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('import.formats.tarifa')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('import.formats.hotelBookingDemand')}
          </Typography>
          <div>
            <Button size="small" startIcon={<DownloadIcon />} onClick={sample}>
              {t('import.sample.download')}
            </Button>
          </div>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-label={t('import.steps.check')}
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (!checked.success || blocked || !data) return;
        onStart(file, choices);
      }}
    >
      <FileDrop file={file} onFile={choose} />
      {preview.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('import.preview.reading')}>
          <Typography color="text.secondary">{t('import.preview.reading')}</Typography>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={80} />
        </Stack>
      ) : preview.isError ? (
        <LoadErrorAlert error={preview.error} onRetry={preview.refetch}>
          {t('import.preview.failed')}
        </LoadErrorAlert>
      ) : (
        <ImportChoicesForm
          preview={preview.data}
          rooms={rooms}
          choices={choices}
          onChange={(patch) => {
            if (patch.format) setFormat(patch.format);
            if (patch.hotel !== undefined) setHotel(patch.hotel ?? '');
            const { mode, createMissingRooms } = patch;
            setOptions((current) => ({
              mode: mode ?? current.mode,
              createMissingRooms: createMissingRooms ?? current.createMissingRooms,
            }));
          }}
          hotelError={attempted && hotelIssue ? issueMessage(t, hotelIssue) : undefined}
        />
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          startIcon={<ArrowBackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          onClick={back}
        >
          {t('actions.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={!data || blocked}>
          {t('import.start')}
        </Button>
      </Stack>
    </Stack>
  );
}
