import CheckIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPlan, TPlanInterval } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageLoader } from '@/components/PageLoader';
import { isAuthenticated, useSession } from '@/lib/auth/session';
import { useCurrentPlan, usePlans } from '@/api/plans';
import { ChoosePlanDialog } from '../components/ChoosePlanDialog';
import { usePlanPrice } from '../hooks/usePlanPrice';

interface PlanCardProps {
  plan: TPlan;
  billing: TPlanInterval;
  current: boolean;
  signedIn: boolean;
  onChoose: () => void;
}

function PlanCard({ plan, billing, current, signedIn, onChoose }: PlanCardProps) {
  const { t } = useTranslation('plans');
  const price = usePlanPrice(plan, billing);
  const name = t(`names.${plan.id}`);
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        border: current || plan.highlighted ? 2 : 0,
        borderColor: current ? 'success.main' : 'primary.main',
      }}
    >
      <CardContent sx={{ p: 4, flex: 1, display: 'flex', flexDirection: 'column' }}>
        {(current || plan.highlighted) && (
          <Chip
            label={current ? t('current') : t('popular')}
            color={current ? 'success' : 'primary'}
            size="small"
            sx={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}
          />
        )}
        <Typography id={titleId} variant="h4" component="h2">
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, minBlockSize: 48 }}>
          {t(`descriptions.${plan.id}`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
          <Typography variant="h2" component="p" color="primary">
            {price.free ? t('free') : price.perMonth}
          </Typography>
          {!price.free && <Typography color="text.secondary">{t('perMonth')}</Typography>}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minBlockSize: 48 }}>
          {!price.free && billing === 'yearly' ? (
            <>
              {t('billedYearly', { amount: price.perYear })}
              <br />
              {t('saving', { amount: price.saving })}
            </>
          ) : (
            '\u00a0'
          )}
        </Typography>
        <List dense sx={{ my: 2, flex: 1 }} aria-label={t('includes', { plan: name })}>
          {[price.properties, price.roomTypes, price.ratePlans]
            .concat(plan.features.map((feature) => t(`features.${feature}`)))
            .map((text) => (
              <ListItem key={text} disableGutters>
                <ListItemIcon sx={{ minInlineSize: 32, color: 'primary.main' }}>
                  <CheckIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={text} />
              </ListItem>
            ))}
        </List>
        {signedIn ? (
          <Button
            variant={plan.highlighted ? 'contained' : 'outlined'}
            onClick={onChoose}
            disabled={current}
            fullWidth
            size="large"
          >
            {current ? t('yourPlan') : t('choose', { plan: name })}
          </Button>
        ) : (
          <Button
            variant={plan.highlighted ? 'contained' : 'outlined'}
            component={Link}
            to="/register"
            fullWidth
            size="large"
          >
            {price.free ? t('startFree') : t('choose', { plan: name })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/pages/pricing`: the plans the API offers, monthly or yearly, the user's own marked; choosing
 * one asks for confirmation, then records it (no payment is taken) and the new plan applies at
 * once everywhere (docs/plans.md).
 */
export default function PricingPlansPage() {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  const signedIn = isAuthenticated(useSession());
  const current = useCurrentPlan();
  const [billing, setBilling] = useState<TPlanInterval>('monthly');
  const [choosing, setChoosing] = useState<TPlan | undefined>();

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box sx={{ textAlign: 'center', maxInlineSize: 640, mx: 'auto' }}>
        <Typography variant="h3" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('subtitle')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={billing}
          onChange={(_, value: TPlanInterval | null) => value && setBilling(value)}
          aria-label={t('billing')}
          sx={{
            '& .MuiToggleButton-root': { px: 3 },
            '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            },
          }}
        >
          <ToggleButton value="monthly">{t('monthly')}</ToggleButton>
          <ToggleButton value="yearly">{t('yearly')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('yearlySaving')}
        </Typography>
      </Box>
      {plans.isPending && <PageLoader />}
      {plans.isError && <LoadErrorAlert error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            alignItems: 'stretch',
          }}
        >
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              billing={billing}
              current={signedIn && plan.id === current}
              signedIn={signedIn}
              onChoose={() => setChoosing(plan)}
            />
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('taxNote')}
      </Typography>
      {plans.data && (
        <ChoosePlanDialog
          plan={choosing}
          from={plans.data.find((plan) => plan.id === current)}
          billing={billing}
          onClose={() => setChoosing(undefined)}
        />
      )}
    </Box>
  );
}
