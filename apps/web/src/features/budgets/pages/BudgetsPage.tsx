import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { budgetCsvColumns, budgetLimits } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useRequiredBusiness } from '@/api/business';
import { useBudget } from '@/api/budgets';
import { isolate } from '@/lib/bidi';
import { todayIn } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { BudgetEditor } from '../components/BudgetEditor';
import { BudgetUpload } from '../components/BudgetUpload';

/**
 * `/pricing-central/budgets[?year]`: the property's monthly budget, a year at a time — typed month
 * by month, or uploaded as a CSV (docs/budgets.md). With no budget for the year yet, the page
 * says so and invites either.
 */
export default function BudgetsPage() {
  const { t } = useTranslation('budgets');
  const intl = useIntl();
  const business = useRequiredBusiness();
  const [params, setParams] = useSearchParams();
  const thisYear = useMemo(() => Number(todayIn(business.timezone).slice(0, 4)), [business]);
  const asked = Number(params.get('year'));
  const first = thisYear - budgetLimits.yearsBack;
  const last = thisYear + budgetLimits.yearsAhead;
  const year = Number.isInteger(asked) && asked >= first && asked <= last ? asked : thisYear;
  const budget = useBudget(business, `${year}-01`, `${year}-12`);
  const goTo = (next: number) =>
    setParams((current) => {
      current.set('year', String(next));
      return current;
    });
  const yearText = intl.number(year, { useGrouping: false });
  const rtl = useTheme().direction === 'rtl';
  const Previous = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const Next = rtl ? ChevronLeftIcon : ChevronRightIcon;

  let body;
  if (budget.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  } else if (budget.isError) {
    body = (
      <LoadErrorAlert error={budget.error} onRetry={budget.refetch}>
        {t('loadFailed')}
      </LoadErrorAlert>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {budget.data.months.length === 0 && (
          <Alert severity="info" role="status" data-testid="budget-empty">
            {t('empty', { year: yearText })}
          </Alert>
        )}
        {/* A new version (saved here, uploaded, or changed elsewhere) starts again from it. */}
        <BudgetEditor
          key={`${year}-${business.version}`}
          business={business}
          year={year}
          saved={budget.data.months}
        />
      </Stack>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <Card component="section" aria-labelledby="budget-year">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <IconButton
                onClick={() => goTo(year - 1)}
                disabled={year <= first}
                aria-label={t('year.previous')}
              >
                <Previous />
              </IconButton>
              <Typography id="budget-year" variant="h5" component="h2">
                {t('year.title', { year: yearText })}
              </Typography>
              <IconButton
                onClick={() => goTo(year + 1)}
                disabled={year >= last}
                aria-label={t('year.next')}
              >
                <Next />
              </IconButton>
            </Stack>
            {body}
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="budget-upload" sx={{ alignSelf: 'start' }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography id="budget-upload" variant="h6" component="h2">
                {t('upload.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('upload.format', { columns: isolate(intl, budgetCsvColumns.join(', ')) })}
              </Typography>
              <Box
                component="pre"
                dir="ltr"
                sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontSize: 13 }}
              >
                {`month,room_nights,revenue\n${year}-01,310,27900.50\n${year}-02,290,25100`}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('upload.rules')}
              </Typography>
              <BudgetUpload business={business} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
