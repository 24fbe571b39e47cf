import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { auditEntities } from '@tarifa/contract';
import { BackHeader } from '@/components/BackHeader';
import { useRequiredBusiness } from '@/api/business';
import { AuditTrail } from '@/components/audit/AuditTrail';

/** What a property's trail can hold (accounts and plans are the account's, not the property's). */
const propertyEntities = auditEntities.filter((entity) => entity !== 'user' && entity !== 'plan');

/** `/my-property/audit`: who changed what in the selected property, and when. */
export default function PropertyAuditPage() {
  const { t } = useTranslation('audit');
  const business = useRequiredBusiness();
  return (
    <Stack spacing={3}>
      <BackHeader
        back={{ to: '/my-property/menu', label: t('back') }}
        title={t('title')}
        intro={t('intro', { name: business.name })}
      />
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
