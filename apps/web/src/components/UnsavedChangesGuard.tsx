import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * The one unsaved-changes guard of the app. Most forms need only the component:
 *
 * ```tsx
 * <UnsavedChangesGuard when={dirty} />
 * ```
 *
 * A form that words the question for what it edits, or leaves on purpose after saving, uses the
 * hook and the dialog below.
 *
 * Warns before unsaved changes are lost: leaving the page inside the app (React Router's
 * `useBlocker`, answered by `<UnsavedChangesDialog>`) and closing or reloading the tab (the
 * browser's own `beforeunload` prompt). Call `allowLeaving()` right before navigating away on
 * purpose, e.g. after saving.
 *
 * ```tsx
 * const guard = useUnsavedChangesGuard(dirty);
 * <UnsavedChangesDialog blocker={guard.blocker} title={…} body={…} stay={…} leave={…} />
 * ```
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowLeaving };
}

interface UnsavedChangesDialogProps {
  blocker: ReturnType<typeof useBlocker>;
  title: string;
  body: string;
  /** Label of the button that stays on the page (the default). */
  stay: string;
  /** Label of the button that leaves and drops the changes. */
  leave: string;
}

/** "Leave without saving?" while a navigation is held by `useUnsavedChangesGuard`. */
export function UnsavedChangesDialog({
  blocker,
  title,
  body,
  stay,
  leave,
}: UnsavedChangesDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {stay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface UnsavedChangesGuardProps extends Partial<Omit<UnsavedChangesDialogProps, 'blocker'>> {
  /** True while the form has changes not saved yet. */
  when: boolean;
}

/**
 * While `when` is true, leaving the page (or closing the tab) asks first: "Leave without saving?"
 * in the common wording unless `title`, `body`, `stay` or `leave` say otherwise.
 */
export function UnsavedChangesGuard({ when, ...labels }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('common');
  const { blocker } = useUnsavedChangesGuard(when);
  return (
    <UnsavedChangesDialog
      blocker={blocker}
      title={labels.title ?? t('unsaved.title')}
      body={labels.body ?? t('unsaved.body')}
      stay={labels.stay ?? t('unsaved.stay')}
      leave={labels.leave ?? t('unsaved.leave')}
    />
  );
}
