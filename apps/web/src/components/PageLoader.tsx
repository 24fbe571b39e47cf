import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', minBlockSize: 240 }}
    >
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
