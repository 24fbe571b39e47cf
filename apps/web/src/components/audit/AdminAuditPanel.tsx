import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from './AuditTrail';

/**
 * The super-admin's audit trail (`GET /api/v1/admin/audit`): every event, each with its business
 * or the account it concerns.
 */
export function AdminAuditPanel() {
  const { t } = useTranslation('audit');
  return (
    <Card component="section" aria-labelledby="admin-audit-title">
      <CardHeader
        title={t('admin.title')}
        subheader={t('admin.intro')}
        slotProps={{ title: { id: 'admin-audit-title', component: 'h2', variant: 'h5' } }}
      />
      <CardContent>
        <AuditTrail source={{ kind: 'admin' }} showScope />
      </CardContent>
    </Card>
  );
}
