import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPlan, TPlanFeature, TPlanInterval } from '@tarifa/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, toFormError, type FormError } from '@/lib/forms';
import { useChoosePlan } from '@/api/plans';
import { showSnackbar } from '@/lib/snackbar';
import { usePlanPrice } from '../hooks/usePlanPrice';

const without = (features: TPlanFeature[], others: TPlanFeature[] = []) =>
  features.filter((feature) => !others.includes(feature));

/** The features one plan has and the other lacks, as a sentence's list. */
function FeatureChange({ label, features }: { label: string; features: TPlanFeature[] }) {
  const { t, i18n } = useTranslation('plans');
  if (features.length === 0) return null;
  const names = features.map((feature) => t(`features.${feature}`));
  return (
    <Typography>
      {label} {new Intl.ListFormat(i18n.language).format(names)}.
    </Typography>
  );
}

/**
 * Confirms a change of plan: what is gained and lost, the new limits, the price, and that no
 * payment is taken today. A refusal (an account over the new plan's limits) is said here.
 */
export function ChoosePlanDialog({
  plan,
  from,
  billing,
  onClose,
}: {
  plan: TPlan | undefined;
  from: TPlan | undefined;
  billing: TPlanInterval;
  onClose: () => void;
}) {
  const { t } = useTranslation('plans');
  const titleId = useId();
  const choose = useChoosePlan();
  const [error, setError] = useState<FormError | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  if (!plan) return null;
  const name = t(`names.${plan.id}`);
  const confirm = async () => {
    setError(null);
    try {
      await choose.mutateAsync({ plan: plan.id, interval: billing });
      showSnackbar({ severity: 'success', message: t('changed', { plan: name }) });
      close();
    } catch (failure) {
      setError(toFormError(failure));
    }
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('confirm.title', { plan: name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <PlanPriceLine plan={plan} billing={billing} />
          <FeatureChange
            label={t('confirm.gained')}
            features={without(plan.features, from?.features)}
          />
          <FeatureChange
            label={t('confirm.lost')}
            features={without(from?.features ?? [], plan.features)}
          />
          <DialogContentText>{t('confirm.noPayment')}</DialogContentText>
          <FormAlert error={error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={choose.isPending}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={choose.isPending}>
          {t('confirm.action', { plan: name })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PlanPriceLine({ plan, billing }: { plan: TPlan; billing: TPlanInterval }) {
  const { t } = useTranslation('plans');
  const price = usePlanPrice(plan, billing);
  return (
    <Typography sx={{ fontWeight: 600 }}>
      {price.free ? t('free') : price.charge} · {price.properties} · {price.roomTypes}
    </Typography>
  );
}
