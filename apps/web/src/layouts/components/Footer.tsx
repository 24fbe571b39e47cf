import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AppAbility } from '@/lib/auth/ability';
import type { BarType } from '@/lib/preferences/preferences';

const links = [
  { to: '/faq', label: 'nav:supportCenter' },
  { to: '/pages/pricing', label: 'nav:pricingPlans' },
  { to: '/extensions/tour', label: 'nav:productTour' },
];
/** The design system is for who builds and runs Tarifa, not for a hotel owner. */
const designSystem = { to: '/pages/typography', label: 'nav:designSystem' };

/**
 * The page's foot: sticky, static or hidden (a preference). Super-admins also find the design
 * system there.
 */
export function Footer({ type, maxInlineSize }: { type: BarType; maxInlineSize?: number }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility<AppAbility>();
  if (type === 'hidden') return null;
  const shown = ability.can('manage', 'Admin') ? [...links, designSystem] : links;
  const year = new Intl.NumberFormat(i18n.language, { useGrouping: false }).format(
    new Date().getFullYear(),
  );
  return (
    <Box
      component="footer"
      sx={(theme) => ({
        position: type === 'sticky' ? 'sticky' : 'static',
        bottom: 0,
        zIndex: theme.zIndex.appBar - 2,
        px: { xs: 2, md: 3 },
        ...(type === 'sticky'
          ? {
              bgcolor: alpha(theme.palette.background.default, 0.85),
              backdropFilter: 'blur(6px)',
            }
          : {}),
      })}
    >
      <Box
        sx={{
          mx: 'auto',
          maxInlineSize,
          py: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          borderBlockStart: type === 'sticky' ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('shell:footer.copyright', { year })}
        </Typography>
        <Box
          component="nav"
          aria-label={t('shell:footer.links')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2.5 }}
        >
          {shown.map(({ to, label }) => (
            <Link key={to} component={RouterLink} to={to} variant="body2" underline="hover">
              {t(label)}
            </Link>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
