import ApproveIcon from '@mui/icons-material/CheckCircleOutlined';
import UpToDateIcon from '@mui/icons-material/PriceCheck';
import RejectIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TPriceChangeDecisionBody } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { FirstPriceList } from '@/components/price-changes/FirstPriceList';
import { FilteredList } from '@/components/list/FilteredList';
import { PickersProvider } from '@/components/PickersProvider';
import { useRequiredBusiness } from '@/api/business';
import { useIntl } from '@/lib/intl';
import { useDecidePriceChanges, usePriceChanges } from '@/api/price-changes';
import { showSnackbar } from '@/lib/snackbar';
import { useApprovedNotice } from '@/components/price-life/useApprovedNotice';
import {
  ConfirmDecisionDialog,
  type PendingDecision,
} from '@/components/price-changes/ConfirmDecisionDialog';
import { ExportButtons } from '../components/ExportButtons';
import { PriceChangesFilters } from '../components/PriceChangesFilters';
import { PriceChangesTable } from '../components/PriceChangesTable';
import { RateRuleChangeCard } from '../components/RateRuleChangeCard';
import { WebhookBanner } from '../components/WebhookBanner';
import {
  filterOf,
  isDefaultView,
  usePriceChangesQueryState,
  type PriceChangesView,
} from '../hooks/usePriceChangesQueryState';

/** The buttons over the table: the selected rows, or every change the filters match. */
function DecisionBar({
  selected,
  total,
  onDecide,
  onClearSelection,
}: {
  selected: number;
  total: number;
  onDecide: (pending: PendingDecision) => void;
  onClearSelection: () => void;
}) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const scope = selected > 0 ? 'selected' : 'matching';
  const count = selected > 0 ? selected : total;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role="toolbar"
      aria-label={t('bulk.label')}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {selected > 0
          ? t('bulk.selected', { n: intl.number(selected) })
          : t('bulk.matching', { n: intl.number(total) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {selected > 0 && (
          <Button size="small" onClick={onClearSelection}>
            {t('bulk.clearSelection')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<RejectIcon />}
          disabled={count === 0}
          data-testid={`reject-${scope}`}
          onClick={() => onDecide({ decision: 'reject', scope, count })}
        >
          {t(`bulk.reject.${scope}`)}
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<ApproveIcon />}
          disabled={count === 0}
          data-testid={`approve-${scope}`}
          onClick={() => onDecide({ decision: 'approve', scope, count })}
        >
          {t(`bulk.approve.${scope}`)}
        </Button>
      </Stack>
    </Stack>
  );
}

function PriceChanges({ business }: { business: TBusiness }) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const { view, query, update, serverSizes } = usePriceChangesQueryState();
  const list = usePriceChanges(business.uuid, query);
  const decide = useDecidePriceChanges(business.uuid);
  const approvedNotice = useApprovedNotice(business.uuid);
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const rooms = business.tariffConfiguration.roomsTariff;
  const upToDate = list.data?.total === 0 && isDefaultView(view) && !list.isPlaceholderData;

  const onViewChange = (patch: Partial<PriceChangesView>) => {
    // Another filter is another list: what was selected in this one is let go.
    if (Object.keys(patch).some((key) => key !== 'page' && key !== 'pageSize')) {
      setSelection(new Set());
    }
    update(patch);
  };

  const confirm = (decision: PendingDecision) => {
    const body: TPriceChangeDecisionBody =
      decision.scope === 'selected' ? { ids: [...selection] } : { filter: filterOf(view) };
    decide.mutate(
      { decision: decision.decision, body },
      {
        onSuccess: ({ moved }) => {
          setPending(null);
          setSelection(new Set());
          decide.reset();
          if (decision.decision === 'approve') {
            void approvedNotice(moved);
            return;
          }
          showSnackbar({
            severity: 'success',
            message: t(`done.${decision.decision}`, { n: intl.number(moved) }),
          });
        },
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
            {business.tariffConfiguration.settings.autoApprove
              ? t('introAuto', { name: business.name })
              : t('intro', { name: business.name })}
          </Typography>
        </div>
        <ExportButtons business={business} filters={view} />
      </Stack>

      <WebhookBanner businessUuid={business.uuid} />
      <FirstPriceList businessUuid={business.uuid} />
      <RateRuleChangeCard business={business} />

      <FilteredList
        query={list}
        label={t('table.label')}
        namespace="priceChanges"
        filters={
          <PickersProvider>
            <PriceChangesFilters filters={view} onChange={onViewChange} rooms={rooms} />
          </PickersProvider>
        }
      >
        {(data) =>
          upToDate ? (
            <EmptyState
              icon={UpToDateIcon}
              headingLevel="h2"
              title={t('empty.title')}
              body={t('empty.body')}
            />
          ) : (
            <>
              <DecisionBar
                selected={selection.size}
                total={data.total}
                onDecide={setPending}
                onClearSelection={() => setSelection(new Set())}
              />
              <PriceChangesTable
                changes={data.priceChanges}
                total={data.total}
                loading={list.isFetching}
                view={view}
                pageSizes={serverSizes}
                rooms={rooms}
                currency={business.currency}
                selection={selection}
                onSelectionChange={setSelection}
                onViewChange={onViewChange}
                emptyLabel={t('table.noMatch')}
              />
            </>
          )
        }
      </FilteredList>

      {pending && (
        <ConfirmDecisionDialog
          businessUuid={business.uuid}
          filter={filterOf(view)}
          pending={pending}
          sending={decide.isPending}
          error={decide.error}
          onConfirm={() => confirm(pending)}
          onCancel={() => {
            setPending(null);
            decide.reset();
          }}
        />
      )}
    </Stack>
  );
}

/**
 * `/pricing-central/price-changes`: every change of the recommended prices against the published
 * ones, to approve or reject one by one, by selection or all that match the filters; CSV exports.
 */
export default function PriceChangesPage() {
  const business = useRequiredBusiness();
  return <PriceChanges key={business.uuid} business={business} />;
}
