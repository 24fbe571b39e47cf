import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBudgetFigures, TBudgetProgress, TBusiness } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useBudgetProgress } from '@/api/budgets';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';

const budgetPage = '/pricing-central/budgets';
const figures = ['roomNights', 'revenue'] as const;
type Figure = (typeof figures)[number];

/** The forecast as a share of the budget (null without a budget above 0), and how it reads. */
function reach(progress: TBudgetProgress, figure: Figure) {
  const budget = progress.budget?.[figure];
  if (!budget) return null;
  const share = progress.forecast[figure] / budget;
  // On track from 100 %; within 10 points of it, close; further, behind.
  const tone = share >= 1 ? 'success.main' : share >= 0.9 ? 'warning.main' : 'error.main';
  return { share, tone };
}

/**
 * This month against its budget (docs/budgets.md): room nights and revenue — the budget, sold so
 * far, the forecast for the month's end, last year — and one sentence per figure ("On track to
 * reach 96 % of the revenue budget"). Without a budget for the month it invites the owner to type
 * or upload one.
 */
export function BudgetCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('dashboard');
  const intl = useIntl();
  const titleId = useId();
  const progress = useBudgetProgress(business);
  const data = progress.data;
  const month =
    data &&
    intl.date(Date.parse(`${data.from}T00:00:00Z`), {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const show = (figure: Figure, values: TBudgetFigures | null) => {
    if (!values) return '—';
    const text =
      figure === 'revenue'
        ? intl.money(values.revenue, business.currency, { maximumFractionDigits: 0 })
        : intl.number(values.roomNights, { maximumFractionDigits: 0 });
    return isolate(intl, text);
  };

  let body;
  if (progress.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('budget.loading')}>
        <Skeleton variant="rounded" height={24} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  } else if (progress.isError) {
    body = (
      <LoadErrorAlert error={progress.error} onRetry={progress.refetch}>
        {t('budget.loadFailed')}
      </LoadErrorAlert>
    );
  } else if (!data!.budget) {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="budget-none">
        <Typography variant="body2">{t('budget.none', { month })}</Typography>
        <Button component={Link} to={budgetPage} variant="outlined" size="small">
          {t('budget.set')}
        </Button>
      </Stack>
    );
  } else {
    const columns = ['budget', 'actual', 'forecast', 'lastYear'] as const;
    const valuesOf = {
      budget: data!.budget,
      actual: data!.actual,
      forecast: data!.forecast,
      lastYear: data!.lastYear,
    };
    body = (
      <Stack spacing={1.5}>
        <Stack spacing={0.5} data-testid="budget-sentences">
          {figures.map((figure) => {
            const reached = reach(data!, figure);
            if (!reached) return null;
            return (
              <Typography key={figure} variant="body2">
                {t(`budget.onTrack.${figure}`, {
                  percent: isolate(intl, intl.percent(reached.share)),
                })}
              </Typography>
            );
          })}
        </Stack>
        <Table size="small" aria-labelledby={titleId} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell />
              {columns.map((column) => (
                <TableCell key={column} component="th" scope="col" align="right">
                  {t(`budget.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {figures.map((figure) => {
              const reached = reach(data!, figure);
              return (
                <TableRow key={figure}>
                  <TableCell component="th" scope="row">
                    {t(`budget.figures.${figure}`)}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell
                      key={column}
                      align="right"
                      data-testid={`budget-${figure}-${column}`}
                      sx={
                        column === 'forecast' && reached
                          ? { color: reached.tone, fontWeight: 600 }
                          : undefined
                      }
                    >
                      {show(figure, valuesOf[column])}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Button component={Link} to={budgetPage} size="small" sx={{ alignSelf: 'flex-start' }}>
          {t('budget.edit')}
        </Button>
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="budget-card">
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t('budget.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {month ? t('budget.subtitle', { month }) : ' '}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
