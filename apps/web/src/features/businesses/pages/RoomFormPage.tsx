import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RequireBusiness } from '../components/RequireBusiness';
import { RoomTypesEditor } from '../components/RoomTypesEditor';

/** `/pricing-central/room-form`: the selected property's room types. */
export default function RoomFormPage() {
  const { t } = useTranslation('property');
  return (
    <RequireBusiness>
      {(business) => (
        <Stack spacing={3}>
          <div>
            <Typography variant="h4" component="h1">
              {t('rooms.title')}
            </Typography>
            <Typography color="text.secondary">
              {t('rooms.pageIntro', { name: business.name })}
            </Typography>
          </div>
          <RoomTypesEditor business={business} />
        </Stack>
      )}
    </RequireBusiness>
  );
}
