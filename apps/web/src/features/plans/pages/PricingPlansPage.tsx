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
import { plans, type TPlan } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

type Billing = 'monthly' | 'yearly';

function PlanCard({ plan, billing }: { plan: TPlan; billing: Billing }) {
  const { t } = useTranslation('plans');
  const intl = useIntl();
  const free = plan.monthlyPrice === 0;
  const perMonth = billing === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice / 12;
  const money = (minor: number) =>
    intl.money(minor / 100, plan.currency, {
      maximumFractionDigits: Number.isInteger(minor / 100) ? 0 : 2,
    });
  const limit = (value: number | null, key: 'properties' | 'roomTypes') =>
    value === null
      ? t(`limits.${key}Unlimited`)
      : t(`limits.${key}`, { number: intl.number(value) });
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        border: plan.highlighted ? 2 : 0,
        borderColor: 'primary.main',
      }}
    >
      <CardContent sx={{ p: 4, flex: 1, display: 'flex', flexDirection: 'column' }}>
        {plan.highlighted && (
          <Chip
            label={t('popular')}
            color="primary"
            size="small"
            sx={{ position: 'absolute', top: 16, insetInlineEnd: 16 }}
          />
        )}
        <Typography id={titleId} variant="h4" component="h2">
          {t(`names.${plan.id}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, minBlockSize: 48 }}>
          {t(`descriptions.${plan.id}`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
          <Typography variant="h2" component="p" color="primary">
            {free ? t('free') : money(perMonth)}
          </Typography>
          {!free && <Typography color="text.secondary">{t('perMonth')}</Typography>}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minBlockSize: 24 }}>
          {!free && billing === 'yearly'
            ? t('billedYearly', { amount: money(plan.yearlyPrice) })
            : '\u00a0'}
        </Typography>
        <List
          dense
          sx={{ my: 2, flex: 1 }}
          aria-label={t('includes', { plan: t(`names.${plan.id}`) })}
        >
          {[limit(plan.limits.properties, 'properties'), limit(plan.limits.roomTypes, 'roomTypes')]
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
        <Button
          variant={plan.highlighted ? 'contained' : 'outlined'}
          component={Link}
          to="/faq?topic=billing#contact"
          fullWidth
          size="large"
        >
          {free ? t('startFree') : t('choose', { plan: t(`names.${plan.id}`) })}
        </Button>
      </CardContent>
    </Card>
  );
}

/** `/pages/pricing`: the subscription plans, monthly or yearly, prices through Intl. */
export default function PricingPlansPage() {
  const { t } = useTranslation('plans');
  const [billing, setBilling] = useState<Billing>('monthly');
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
          onChange={(_, value: Billing | null) => value && setBilling(value)}
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
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'stretch',
        }}
      >
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('taxNote')}
      </Typography>
    </Box>
  );
}
