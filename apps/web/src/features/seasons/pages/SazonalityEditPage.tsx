import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { WithSelectedBusiness } from '../components/BusinessStates';
import { SeasonForm } from '../components/SeasonForm';
import { seasonsPath } from '../paths';
import { dayValue } from '@/lib/dates';

/**
 * `/pricing-central/sazonalities/new` (Add Sazonality; `?start=YYYY-MM-DD` to begin on a night)
 * and `/pricing-central/sazonalities/:id` (edit or delete one).
 */
export default function SazonalityEditPage() {
  const { t } = useTranslation('seasons');
  const theme = useTheme();
  const { id } = useParams();
  const [params] = useSearchParams();
  const isNew = id === undefined || id === 'new';
  const start = params.get('start') ?? undefined;

  return (
    <Stack spacing={3}>
      <div>
        <Button
          component={RouterLink}
          to={seasonsPath}
          startIcon={
            <ArrowBackIcon
              sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
            />
          }
          sx={{ mb: 1, marginInlineStart: -1 }}
        >
          {t('backToList')}
        </Button>
        <Typography variant="h4" component="h1">
          {isNew ? t('form.newTitle') : t('form.editTitle')}
        </Typography>
      </div>
      <WithSelectedBusiness>
        {(business) => {
          if (isNew) {
            const valid = start && !Number.isNaN(dayValue(start)) ? start : undefined;
            return (
              <SeasonForm
                key={`new-${business.uuid}-${business.version}`}
                business={business}
                start={valid}
              />
            );
          }
          const season = business.tariffConfiguration.sazonalities.find((s) => s.id === id);
          if (!season) {
            return (
              <Card>
                <EmptyState
                  icon={EventBusyIcon}
                  title={t('notFound.title')}
                  body={t('notFound.body')}
                  action={
                    <Button component={RouterLink} to={seasonsPath} variant="contained">
                      {t('notFound.action')}
                    </Button>
                  }
                />
              </Card>
            );
          }
          return (
            <SeasonForm
              key={`${season.id}-${business.version}`}
              business={business}
              season={season}
            />
          );
        }}
      </WithSelectedBusiness>
    </Stack>
  );
}
