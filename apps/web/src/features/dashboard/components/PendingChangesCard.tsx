import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChartCard } from '@/components/charts/ChartCard';
import { useIntl } from '@/lib/intl';
import { priceChangesQueryOptions } from '@/api/price-changes';

/** The price-changes page, where the owner approves them. */
const priceChangesPath = '/pricing-central/price-changes';

/** How many price changes wait for approval (`status=pending`, one row asked: its `total`). */
export function PendingChangesCard({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('dashboard');
  const intl = useIntl();
  const pending = useQuery({
    ...priceChangesQueryOptions(businessUuid, { status: ['pending'], page: 1, pageSize: 1 }),
    select: (page) => page.total,
  });
  return (
    <ChartCard
      title={t('pending.title')}
      subtitle={t('pending.subtitle')}
      load={pending}
      fileName="pending-price-changes"
      height={96}
    >
      {() => (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h4" component="p">
            {intl.number(pending.data ?? 0)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {pending.data ? t('pending.waiting') : t('pending.none')}
          </Typography>
          <Button component={Link} to={priceChangesPath} variant="outlined" size="small">
            {t('pending.review')}
          </Button>
        </Stack>
      )}
    </ChartCard>
  );
}
