import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { dismissSnackbar, useCurrentSnack } from '@/lib/snackbar';

/** Shows the messages of `showSnackbar`, one at a time, at the bottom of the screen. */
export function SnackbarHost() {
  const { t } = useTranslation();
  const snack = useCurrentSnack();
  const close = () => snack && dismissSnackbar(snack.id);
  return (
    <Snackbar
      key={snack?.id}
      open={Boolean(snack)}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      autoHideDuration={snack?.severity === 'error' || snack?.action ? null : 5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {snack ? (
        <Alert
          severity={snack.severity}
          variant="filled"
          onClose={close}
          closeText={t('common:actions.close')}
          action={
            snack.action ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  snack.action!.onClick();
                  close();
                }}
              >
                {snack.action.label}
              </Button>
            ) : undefined
          }
          sx={{ alignItems: 'center' }}
        >
          {snack.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
