import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** Stands in for a page whose issue has not landed yet; it names the page and says so. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  // The title of the route's meta (app/routes.tsx), the one part of it this page reads.
  const meta = useMatches().at(-1)?.handle as { title: string } | undefined;
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
