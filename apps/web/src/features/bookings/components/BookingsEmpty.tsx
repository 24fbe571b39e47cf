import AddIcon from '@mui/icons-material/Add';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { importPath } from '../paths';

/** No booking yet: why they matter, and the two ways to bring them in. */
export function BookingsEmpty({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('bookings');
  return (
    <EmptyState
      icon={EventNoteIcon}
      headingLevel="h2"
      title={t('empty.title')}
      body={t('empty.body')}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {t('actions.addBooking')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            component={RouterLink}
            to={importPath}
          >
            {t('actions.importFile')}
          </Button>
        </Stack>
      }
    />
  );
}
