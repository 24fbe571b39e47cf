import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { FormAlert, type FormError } from '@/lib/forms';
import { useReloadBusinesses } from '@/api/business';

/**
 * A form's error that belongs to no field. A version conflict says the property was changed
 * elsewhere and offers Reload (which refetches it; forms keyed by `business.version` then show the
 * latest); anything else as `FormAlert` says it.
 *
 * ```tsx
 * <BusinessErrorAlert error={form.formError} />
 * ```
 */
export function BusinessErrorAlert({ error }: { error: FormError | null }) {
  const { t } = useTranslation('property');
  const reload = useReloadBusinesses();
  if (error?.code !== 'version_conflict') return <FormAlert error={error} />;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={() => void reload()}>
          {t('conflict.reload')}
        </Button>
      }
    >
      {t('conflict.message')}
    </Alert>
  );
}
