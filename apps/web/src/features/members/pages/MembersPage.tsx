import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRequiredBusiness } from '@/api/business';
import { TeamCard } from '../components/TeamCard';

/** `/my-property/members`: the selected property's team, for its owner. */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const business = useRequiredBusiness();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle', { name: business.name })}</Typography>
      </div>
      <TeamCard business={business} />
    </Stack>
  );
}
