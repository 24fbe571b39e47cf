import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { subject } from '@casl/ability';
import { useAbility } from '@casl/react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import type { AppAbility } from '@/lib/auth/ability';
import { useIntl } from '@/lib/intl';
import { AlertsCard } from '../components/AlertsCard';
import { PhotosCard } from '../components/PhotosCard';
import { PrivacyCard } from '../components/PrivacyCard';
import { detailsKey, PropertyDetailsForm } from '../components/PropertyDetailsForm';
import { RequireBusiness } from '../components/RequireBusiness';

/** `/my-property`: the selected property's details and photos (the onboarding when there is none yet). */
export default function MyPropertyPage() {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const ability = useAbility<AppAbility>();
  const mayChange = (business: TBusiness) =>
    ability.can(
      'update',
      // The owner's rule names the business by its owner: asked of this one.
      subject('Business', {
        uuid: business.uuid,
        ownerUuid: business.ownerUuid,
      } as Record<string, unknown>),
    );
  return (
    <RequireBusiness>
      {(business) => (
        <Stack spacing={3}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
          >
            <div>
              <Typography variant="h4" component="h1">
                {business.name}
              </Typography>
              <Typography color="text.secondary">
                {t('details.lastChanged', {
                  date: intl.date(new Date(business.updatedAt), {
                    dateStyle: 'long',
                    timeStyle: 'short',
                  }),
                })}
              </Typography>
            </div>
            <Button component={Link} to="/my-property/menu" startIcon={<SettingsIcon />}>
              {t('menu.title')}
            </Button>
          </Stack>
          <PropertyDetailsForm key={detailsKey(business)} business={business} />
          <PhotosCard business={business} />
          <AlertsCard business={business} canConfigure={mayChange(business)} />
          <PrivacyCard business={business} canManage={mayChange(business)} />
        </Stack>
      )}
    </RequireBusiness>
  );
}
