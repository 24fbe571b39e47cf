import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingLimits, type TBusiness } from '@tarifa/contract';
import { BackHeader } from '@/components/BackHeader';
import { UpgradePage } from '@/components/plans/UpgradePage';
import { useSelectedBusiness } from '@/api/business';
import { useHasFeature } from '@/api/plans';
import { useApiTokens } from '../api/tokens';
import { CopyField } from '../components/CopyField';
import { CreateTokenDialog } from '../components/CreateTokenDialog';
import { TokensList } from '../components/TokensList';
import { WebhookCard } from '../components/WebhookCard';
import { ConnectionsCard } from '../components/channels/ConnectionsCard';

function Integrations({ business }: { business: TBusiness }) {
  const { t } = useTranslation('integrations');
  const [creating, setCreating] = useState(false);
  const tokens = useApiTokens(business.uuid);
  const entitled = useHasFeature('integrationTokens');
  const full = (tokens.data?.length ?? 0) >= bookingLimits.tokensMax;
  const api = `${window.location.origin}/api/v1/businesses/${business.uuid}`;

  return (
    <Stack spacing={3}>
      <BackHeader
        back={{ to: '/my-property/menu', label: t('back') }}
        title={t('title')}
        intro={t('intro', { name: business.name })}
      />

      <ConnectionsCard business={business} />

      <WebhookCard businessUuid={business.uuid} />

      {!entitled && <UpgradePage feature="integrationTokens" />}
      {entitled && (
        <Card component="section" aria-labelledby="tokens-title">
          <CardHeader
            title={t('list.title')}
            subheader={
              full
                ? t('list.full', { max: bookingLimits.tokensMax })
                : t('list.subtitle', { name: business.name })
            }
            slotProps={{ title: { id: 'tokens-title', component: 'h2', variant: 'h5' } }}
            action={
              tokens.data && tokens.data.length > 0 ? (
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  disabled={full}
                  onClick={() => setCreating(true)}
                >
                  {t('create.open')}
                </Button>
              ) : undefined
            }
            sx={{ flexWrap: 'wrap', gap: 1 }}
          />
          <CardContent>
            <TokensList businessUuid={business.uuid} onCreate={() => setCreating(true)} />
          </CardContent>
        </Card>
      )}

      <Card component="section" aria-labelledby="tokens-usage">
        <CardHeader
          title={t('usage.title')}
          subheader={t('usage.body')}
          slotProps={{ title: { id: 'tokens-usage', component: 'h2', variant: 'h6' } }}
        />
        <CardContent>
          <Stack spacing={2}>
            <CopyField label={t('usage.endpoint')} value={`${api}/bookings`} />
            <CopyField
              label={t('usage.pricesEndpoint')}
              value={`${api}/prices?from=YYYY-MM-DD&to=YYYY-MM-DD`}
            />
            <CopyField
              label={t('usage.changesEndpoint')}
              value={`${api}/price-changes?status=published&since=…`}
            />
            <CopyField label={t('usage.header')} value="Authorization: Bearer trf_…" />
          </Stack>
        </CardContent>
      </Card>

      {creating && (
        <CreateTokenDialog businessUuid={business.uuid} onClose={() => setCreating(false)} />
      )}
    </Stack>
  );
}

/**
 * `/my-property/integrations`, the Connections page: the property's connections to where its rooms
 * are sold (Channex, OpenTravel), its webhook (another destination), and its integration tokens.
 */
export default function IntegrationsPage() {
  const { data: business } = useSelectedBusiness();
  if (!business) return null;
  return <Integrations key={business.uuid} business={business} />;
}
