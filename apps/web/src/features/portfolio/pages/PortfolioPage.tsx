import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { portfolioLimits, type TPortfolioProperty } from '@tarifa/contract';
import { formatNights } from '@/api/analytics';
import { useSelectBusiness } from '@/api/business';
import { useDecidePriceChanges } from '@/api/price-changes';
import { DateRangeFilter } from '@/components/DateRangeFilter';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PickersProvider } from '@/components/PickersProvider';
import { ConfirmDecisionDialog } from '@/components/price-changes/ConfirmDecisionDialog';
import { useApprovedNotice } from '@/components/price-life/useApprovedNotice';
import { addDays, monthEnd, monthStart, today } from '@/lib/dates';
import { useIntl } from '@/lib/intl';
import { portfolioKeys, usePortfolio } from '../api/portfolio';
import { CopySettingDialog } from '../components/CopySettingDialog';
import { PortfolioTable } from '../components/PortfolioTable';

/** Every pending change of a property: what "approve" takes in from here. */
const pendingFilter = { status: ['pending' as const] };

/**
 * A property's pending changes approved from the portfolio: the price-changes page's own
 * confirmation of "approve all", for that property; recorded in its log like any approval.
 */
function ApproveDialog({
  property,
  onClose,
}: {
  property: TPortfolioProperty;
  onClose: () => void;
}) {
  const decide = useDecidePriceChanges(property.businessUuid);
  const approvedNotice = useApprovedNotice(property.businessUuid);
  const queryClient = useQueryClient();
  return (
    <ConfirmDecisionDialog
      businessUuid={property.businessUuid}
      filter={pendingFilter}
      pending={{ decision: 'approve', scope: 'matching', count: property.pendingChanges }}
      sending={decide.isPending}
      error={decide.error}
      onCancel={onClose}
      onConfirm={() =>
        decide.mutate(
          { decision: 'approve', body: { filter: pendingFilter } },
          {
            onSuccess: ({ moved }) => {
              onClose();
              void approvedNotice(moved);
              void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
            },
          },
        )
      }
    />
  );
}

/** The longest period the API takes, from its first night. */
const lastNightFrom = (from: string) => addDays(from, portfolioLimits.rangeNightsMax - 1);

/**
 * `/portfolio`: the owner's properties side by side for a period (this month at first) — each
 * one's occupancy, ADR, RevPAR and revenue against last year (and budget), the changes waiting
 * and the alerts, the totals per currency; approve a property's changes, open a property, copy a
 * setting from one to others. An owner of one property is told what the page is for and how to
 * add another (docs/portfolio.md).
 */
export default function PortfolioPage() {
  const { t } = useTranslation('portfolio');
  const intl = useIntl();
  const navigate = useNavigate();
  const select = useSelectBusiness();
  const [period, setPeriod] = useState(() => ({
    from: monthStart(today()),
    to: monthEnd(today()),
  }));
  const [approving, setApproving] = useState<TPortfolioProperty | null>(null);
  const [copying, setCopying] = useState(false);
  const portfolio = usePortfolio(period);
  const data = portfolio.data;
  const several = (data?.properties.length ?? 0) >= 2;

  const open = (property: TPortfolioProperty) => {
    select(property.businessUuid);
    void navigate('/dashboards');
  };

  let body;
  if (portfolio.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  } else if (!data) {
    body = (
      <LoadErrorAlert error={portfolio.error} onRetry={() => portfolio.refetch()}>
        {t('loadError')}
      </LoadErrorAlert>
    );
  } else if (!several) {
    const none = data.properties.length === 0;
    body = (
      <EmptyState
        icon={ApartmentIcon}
        headingLevel="h2"
        title={none ? t('empty.noneTitle') : t('empty.oneTitle')}
        body={none ? t('empty.noneBody') : t('empty.oneBody')}
        action={
          <Button
            variant="contained"
            component={Link}
            to={none ? '/my-property' : '/portfolio?add-property'}
          >
            {none ? t('empty.setUp') : t('empty.add')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Stack spacing={2}>
        {portfolio.isError && <Alert severity="warning">{t('refreshFailed')}</Alert>}
        {data.totals.length > 1 && (
          <Alert severity="info" data-testid="portfolio-currencies">
            {t('currencies', { currencies: data.totals.map((total) => total.currency).join(', ') })}
          </Alert>
        )}
        <PortfolioTable portfolio={data} onOpen={open} onApprove={setApproving} />
        <Typography variant="caption" color="text.secondary">
          {t('footnote', { lastYear: formatNights(intl, data.lastYear.from, data.lastYear.to) })}
        </Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </div>
        {several && (
          <Button
            variant="outlined"
            startIcon={<CopyIcon />}
            onClick={() => setCopying(true)}
            data-testid="portfolio-copy"
          >
            {t('copy.open')}
          </Button>
        )}
      </Stack>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <PickersProvider>
              {/* Eight columns: each date (two of them) a quarter of the card from md up. */}
              <Grid
                container
                columns={{ xs: 12, md: 8 }}
                spacing={2}
                role="group"
                aria-label={t('period')}
              >
                <DateRangeFilter
                  value={period}
                  labels={{ from: t('from'), to: t('to') }}
                  onChange={(patch) => {
                    const from = patch.from ?? period.from;
                    const to = patch.to ?? period.to;
                    // Both ends are needed; the period stays within what the API takes.
                    if (!from || !to) return;
                    setPeriod({ from, to: to > lastNightFrom(from) ? lastNightFrom(from) : to });
                  }}
                />
              </Grid>
            </PickersProvider>
            {body}
          </Stack>
        </CardContent>
      </Card>
      {approving && <ApproveDialog property={approving} onClose={() => setApproving(null)} />}
      {copying && data && (
        <CopySettingDialog
          properties={data.properties}
          initialSource={data.properties[0]!.businessUuid}
          onClose={() => setCopying(false)}
        />
      )}
    </Stack>
  );
}
