import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Tarifa's mark: a price tag whose hole is a moon over a roof line, in the primary colour. */
function LogoMark({ size = 30 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      sx={{ inlineSize: size, blockSize: size, color: 'primary.main', flexShrink: 0 }}
    >
      <path
        fill="currentColor"
        d="M17.6 2.4 28.8 3.2l.8 11.2c.05.7-.2 1.38-.7 1.88L16.3 28.9a2.7 2.7 0 0 1-3.8 0L3.1 19.5a2.7 2.7 0 0 1 0-3.8L15.72 3.1c.5-.5 1.18-.75 1.88-.7Z"
      />
      <circle cx="22.6" cy="9.4" r="2.6" fill="#fff" />
      <path
        d="m9.2 18.2 5-5 5 5M11 16.4v4.8h6.4v-4.8"
        fill="none"
        stroke="#fff"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** The mark and the product's name, as in the navigation's header. */
export function Logo({ hideName = false }: { hideName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minInlineSize: 0 }}>
      <LogoMark />
      {!hideName && (
        <Typography
          component="span"
          sx={{
            fontSize: '1.375rem',
            fontWeight: 700,
            letterSpacing: '0.2px',
            color: 'text.primary',
          }}
        >
          {t('app.name')}
        </Typography>
      )}
    </Box>
  );
}
