import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the deletion is being sent: the confirm button spins, nothing can be pressed twice. */
  pending?: boolean;
  /**
   * Why the deletion failed, inside the dialog (which stays open): a sentence in the user's
   * language is shown as an error alert; an element (e.g. a conflict with Reload) as it is.
   */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button's colour: red for what cannot be undone, primary for a plain change. */
  confirmColor?: 'error' | 'primary';
  /** A choice to make before confirming (e.g. the new role), under the body. */
  children?: ReactNode;
}

/** "Delete …?" with what it means, Cancel (the default) and a red confirm button. */
export function ConfirmDeleteDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  pending = false,
  error,
  onConfirm,
  onCancel,
  confirmColor = 'error',
  children,
}: ConfirmDeleteDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={children ? { pt: 1 } : undefined}>
          <DialogContentText id={bodyId}>{body}</DialogContentText>
          {children}
          {typeof error === 'string' ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : (
            error
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} variant="contained" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
