import FileIcon from '@mui/icons-material/DescriptionOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingLimits } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { formatBytes } from '@/lib/numbers';

type FileProblem = 'not_csv' | 'too_large' | 'empty';

/** Why this file cannot be imported, or null: a CSV of 1 byte to 100 MB. */
function fileProblem(file: File): FileProblem | null {
  const csv =
    /\.csv$/i.test(file.name) || ['text/csv', 'application/csv'].includes(file.type.toLowerCase());
  if (!csv) return 'not_csv';
  if (file.size === 0) return 'empty';
  if (file.size > bookingLimits.importMaxBytes) return 'too_large';
  return null;
}

/**
 * Where the file is chosen: dropped on the area, or picked with the button. Only CSV files up to
 * 100 MB are taken; the chosen file's name and size are shown.
 */
export function FileDrop({
  file,
  onFile,
  disabled = false,
}: {
  file: File | null;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    const found = fileProblem(chosen);
    setProblem(found);
    if (!found) onFile(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  return (
    <Stack spacing={1}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-drop"
        sx={(theme) => ({
          border: '2px dashed',
          borderColor: problem ? 'error.main' : over ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: over ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
          px: 3,
          py: 4,
          textAlign: 'center',
          transition: 'background-color 120ms, border-color 120ms',
        })}
      >
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          {file ? (
            <>
              <FileIcon color="primary" fontSize="large" />
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('import.file.size', { size: formatBytes(file.size, intl.locale) })}
              </Typography>
            </>
          ) : (
            <>
              <UploadIcon color="primary" fontSize="large" />
              <Typography sx={{ fontWeight: 600 }}>{t('import.file.drop')}</Typography>
            </>
          )}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('import.file.choose')}
            aria-describedby={hintId}
            onChange={(event) => {
              take(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant={file ? 'outlined' : 'contained'}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {file ? t('import.file.another') : t('import.file.choose')}
          </Button>
          <Typography id={hintId} variant="body2" color="text.secondary">
            {t('import.file.hint', {
              max: formatBytes(bookingLimits.importMaxBytes, intl.locale),
            })}
          </Typography>
        </Stack>
      </Box>
      {problem && (
        <Typography role="alert" color="error" variant="body2">
          {t(`import.file.problem.${problem}`, {
            max: formatBytes(bookingLimits.importMaxBytes, intl.locale),
          })}
        </Typography>
      )}
    </Stack>
  );
}
