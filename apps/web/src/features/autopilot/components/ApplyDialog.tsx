import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Apply the suggested settings?": what applying does (the settings change at once, the prices
 * they move wait for approval), Cancel (the default) and Apply.
 */
export function ApplyDialog({
  sending,
  onConfirm,
  onCancel,
}: {
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('autopilot');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open
      onClose={() => !sending && onCancel()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('apply.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('apply.confirmBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending} autoFocus>
          {t('apply.cancel')}
        </Button>
        <Button variant="contained" loading={sending} onClick={onConfirm}>
          {t('apply.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
