import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIntl } from '@/lib/intl';
import { PhotosCard } from '../components/PhotosCard';
import { detailsKey, PropertyDetailsForm } from '../components/PropertyDetailsForm';
import { RequireBusiness } from '../components/RequireBusiness';

/** `/my-property`: the selected property's details and photos (the onboarding when there is none yet). */
export default function MyPropertyPage() {
  const { t } = useTranslation('property');
  const intl = useIntl();
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
        </Stack>
      )}
    </RequireBusiness>
  );
}
