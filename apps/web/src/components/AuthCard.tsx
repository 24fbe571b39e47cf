import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the pages a visitor reaches signed out — sign-in, register, password, the morning
 * digest's links: brand, title, one short sentence.
 */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card sx={{ inlineSize: '100%', maxInlineSize: 460 }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
        <Typography
          variant="h5"
          component="p"
          color="primary"
          sx={{ fontWeight: 700, mb: 3, letterSpacing: '-0.01em' }}
        >
          {t('app.name')}
        </Typography>
        {icon && <Box sx={{ mb: 2, color: 'primary.main', display: 'flex' }}>{icon}</Box>}
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
