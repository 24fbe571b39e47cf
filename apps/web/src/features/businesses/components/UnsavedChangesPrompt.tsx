import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While `when` is true (a form has changes not saved yet), leaving the page asks first: inside the
 * app with a dialog, closing or reloading the tab with the browser's own question.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation('property');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
