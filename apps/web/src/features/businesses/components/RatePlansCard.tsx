import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planById, type TBusiness, type TRatePlan } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { useIntl } from '@/lib/intl';
import { usePropertyPlan } from '@/api/plans';
import { useRatePlans } from '@/api/rate-plans';
import { useDeleteRatePlan } from '../api/ratePlans';
import { RatePlanDialog } from './RatePlanDialog';
import { RateSheetPreview } from './RateSheetPreview';

/** "−10 % on BAR", "+5,50 € on NR": how a derived plan's price follows its parent's. */
function useDerivation() {
  const { t } = useTranslation('property');
  const intl = useIntl();
  return (plan: TRatePlan, plans: readonly TRatePlan[], currency: string) => {
    const parent = plans.find((p) => p.uuid === plan.derivedFrom);
    const { type, value } = plan.adjustment;
    if (value === 0) return t('ratePlans.sameAs', { parent: parent?.code ?? '' });
    const amount =
      type === 'percent'
        ? intl.number(value / 100, {
            style: 'percent',
            signDisplay: 'exceptZero',
            maximumFractionDigits: 2,
          })
        : intl.money(value, currency, { signDisplay: 'exceptZero' });
    return t('ratePlans.derivation', { amount, parent: parent?.code ?? '' });
  };
}

/**
 * The property's rate plans on price setup (docs/rate-plans.md): the base plan — the engine's
 * price — and those derived from it, each with its board, cancellation policy and whether it is
 * on sale; add, edit and delete, within what the owner's plan allows.
 */
export function RatePlansCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const query = useRatePlans(business);
  const remove = useDeleteRatePlan();
  const derivation = useDerivation();
  const intl = useIntl();
  const currentPlan = usePropertyPlan();
  const [editing, setEditing] = useState<{ plan?: TRatePlan } | null>(null);
  const [deleting, setDeleting] = useState<TRatePlan | null>(null);
  const plans = query.data?.ratePlans ?? [];
  const limit = planById(currentPlan).limits.ratePlans;
  const atLimit = limit !== null && plans.length >= limit;

  return (
    <Card>
      <CardHeader
        title={t('ratePlans.title')}
        subheader={t('ratePlans.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h5' } }}
        action={
          <Tooltip title={atLimit ? t('ratePlans.atLimit', { count: limit ?? 0 }) : ''}>
            <span>
              <Button
                startIcon={<AddIcon />}
                disabled={!query.data || atLimit}
                onClick={() => setEditing({})}
              >
                {t('ratePlans.add')}
              </Button>
            </span>
          </Tooltip>
        }
      />
      <CardContent>
        {query.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('ratePlans.loading')}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : query.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>}
          >
            {t('ratePlans.loadFailed')}
          </Alert>
        ) : (
          <List disablePadding aria-label={t('ratePlans.title')}>
            {plans.map((plan) => (
              <ListItem
                key={plan.uuid}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <IconButton
                      aria-label={t('ratePlans.editNamed', { name: plan.name })}
                      onClick={() => setEditing({ plan })}
                    >
                      <EditIcon />
                    </IconButton>
                    {!plan.base && (
                      <IconButton
                        aria-label={t('ratePlans.deleteNamed', { name: plan.name })}
                        disabled={remove.isPending}
                        onClick={() => setDeleting(plan)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </Stack>
                }
                sx={{ pe: 12 }}
              >
                <ListItemText
                  primary={
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <span>
                        {plan.name} <bdi>({plan.code})</bdi>
                      </span>
                      {plan.base && (
                        <Chip size="small" color="primary" label={t('ratePlans.base')} />
                      )}
                      {!plan.active && <Chip size="small" label={t('ratePlans.inactive')} />}
                    </Stack>
                  }
                  secondary={[
                    plan.base
                      ? t('ratePlans.baseExplained')
                      : derivation(plan, plans, business.currency),
                    plan.board === 'RO'
                      ? t('common:board.RO')
                      : t('ratePlans.boardWithPrice', {
                          board: t(`common:board.${plan.board}`),
                          amount: intl.money(plan.boardPricePerGuest, business.currency),
                        }),
                    t(`common:cancellationPolicy.${plan.cancellationPolicy}`),
                  ].join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
        {query.data && plans.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <RateSheetPreview business={business} plans={plans} />
          </Box>
        )}
      </CardContent>
      {deleting && (
        <ConfirmDeleteDialog
          open
          title={t('ratePlans.confirmDelete.title', { name: deleting.name })}
          body={t('ratePlans.confirmDelete.body', { code: deleting.code })}
          confirmLabel={t('ratePlans.confirmDelete.confirm')}
          cancelLabel={t('actions.cancel')}
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { business, ratePlanUuid: deleting.uuid },
              { onSettled: () => setDeleting(null) },
            )
          }
        />
      )}
      {editing && query.data && (
        <RatePlanDialog
          business={business}
          plans={plans}
          plan={editing.plan}
          open
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
