import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '@/app/routes';

/** Stands in for a page whose issue has not landed yet; it names the page and says so. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  return (
    <Card>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {meta ? t(meta.title) : t('app.name')}
        </Typography>
        <Typography color="text.secondary">{t('app.comingSoon')}</Typography>
      </CardContent>
    </Card>
  );
}
