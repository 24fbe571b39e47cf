import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { useNightMarks } from '@/api/events';
import { WithSelectedBusiness } from '../components/BusinessStates';
import { SeasonList } from '../components/SeasonList';
import { YearCalendar } from '../components/YearCalendar';
import { HolidayRuleCard } from '../components/events/HolidayRuleCard';
import { HolidaysAndEvents } from '../components/events/HolidaysAndEvents';
import { useCalendarYear } from '../utils/year';
import { newSeasonPath, seasonPath } from '../paths';

function Seasons({ business }: { business: TBusiness }) {
  const { t } = useTranslation('seasons');
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const { sazonalities, roomsTariff } = business.tariffConfiguration;
  const year = useCalendarYear();
  const marks = useNightMarks(business, `${year}-01-01`, `${year}-12-31`);
  const onSelectSeason = useCallback((id: string) => void navigate(seasonPath(id)), [navigate]);
  const onSelectEmptyDay = useCallback(
    (date: string) => void navigate(`${newSeasonPath}?start=${date}`),
    [navigate],
  );

  if (sazonalities.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={EventIcon}
          title={t('empty.title')}
          body={t('empty.body')}
          action={
            <Button
              component={RouterLink}
              to={newSeasonPath}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('empty.action')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="seasons-calendar">
        <CardHeader
          title={t('calendar.title')}
          subheader={t('calendar.subtitle')}
          slotProps={{ title: { id: 'seasons-calendar', component: 'h2', variant: 'h5' } }}
        />
        <CardContent>
          <YearCalendar
            seasons={sazonalities}
            rooms={roomsTariff}
            year={year}
            onYearChange={(next) => setParams({ year: String(next) }, { replace: true })}
            onSelectSeason={onSelectSeason}
            onSelectEmptyDay={onSelectEmptyDay}
            marks={marks}
          />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="seasons-list">
        <CardHeader
          title={t('list.title')}
          subheader={t('list.subtitle')}
          slotProps={{ title: { id: 'seasons-list', component: 'h2', variant: 'h5' } }}
        />
        <SeasonList seasons={sazonalities} rooms={roomsTariff} currency={business.currency} />
      </Card>
    </Stack>
  );
}

/** `/pricing-central/sazonalities`: the seasons of the selected property in a year calendar and a list. */
export default function SazonalitiesPage() {
  const { t } = useTranslation('seasons');
  return (
    <Stack spacing={3} data-tour="sazonalities">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
            {t('intro')}
          </Typography>
        </div>
        <Button
          component={RouterLink}
          to={newSeasonPath}
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ flexShrink: 0 }}
        >
          {t('add')}
        </Button>
      </Stack>
      <WithSelectedBusiness>
        {(business) => (
          <>
            <Seasons business={business} />
            <HolidaysAndEvents business={business} />
            <HolidayRuleCard key={business.uuid} business={business} />
          </>
        )}
      </WithSelectedBusiness>
    </Stack>
  );
}
