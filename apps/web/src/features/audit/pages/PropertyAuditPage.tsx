import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { auditEntities } from '@tarifa/contract';
import { useRequiredBusiness } from '@/lib/business';
import { AuditTrail } from '@/components/audit/AuditTrail';

/** What a property's trail can hold (accounts and plans are the account's, not the property's). */
const propertyEntities = auditEntities.filter((entity) => entity !== 'user' && entity !== 'plan');

/** `/my-property/audit`: who changed what in the selected property, and when. */
export default function PropertyAuditPage() {
  const { t } = useTranslation('audit');
  const business = useRequiredBusiness();
  return (
    <Stack spacing={3}>
      <div>
        <Button
          component={RouterLink}
          to="/my-property/menu"
          size="small"
          startIcon={<ArrowBackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          sx={{ mb: 1 }}
        >
          {t('back')}
        </Button>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
          {t('intro', { name: business.name })}
        </Typography>
      </div>
      <Card>
        <CardContent>
          <AuditTrail
            key={business.uuid}
            source={{ kind: 'business', businessUuid: business.uuid }}
            entities={propertyEntities}
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
