import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/forms';

/**
 * A call that failed: what could not be loaded (`children`), why in words (the API's error code
 * translated), and Try again.
 */
export function LoadErrorAlert({
  error,
  onRetry,
  children,
}: {
  error: unknown;
  onRetry: () => unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('retry')}
        </Button>
      }
    >
      {children} {errorMessage(t, error)}
    </Alert>
  );
}
