import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/forms';

/**
 * A load that failed — every query whose failure leaves nothing to show renders this: what could
 * not be loaded (`children`), why in words (the API's error code translated), and Try again; an
 * `action` is another way out beside it.
 */
export function LoadErrorAlert({
  error,
  onRetry,
  action,
  children,
}: {
  error: unknown;
  onRetry: () => unknown;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={() => void onRetry()}>
            {t('retry')}
          </Button>
          {action}
        </Stack>
      }
    >
      {children} {errorMessage(t, error)}
    </Alert>
  );
}
