import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { overlayNavQuery } from '@/lib/theme/theme';
import { navWidth } from './VerticalNav';

/** The shape of the layout while the user and the businesses load. */
export function ShellSkeleton() {
  const { t } = useTranslation();
  const overlay = useMediaQuery(overlayNavQuery, { noSsr: true });
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      sx={{ display: 'flex', minBlockSize: '100vh', bgcolor: 'background.default' }}
    >
      {!overlay && (
        <Box sx={{ inlineSize: navWidth, flexShrink: 0, bgcolor: 'background.paper', p: 2.5 }}>
          <Skeleton variant="rounded" width={140} height={32} sx={{ mb: 4 }} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1.25 }} />
          ))}
        </Box>
      )}
      <Box
        sx={{ flex: 1, p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        <Skeleton variant="rounded" height={60} />
        <Skeleton variant="rounded" width="40%" height={36} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
        <Skeleton variant="rounded" height={280} />
      </Box>
    </Box>
  );
}
