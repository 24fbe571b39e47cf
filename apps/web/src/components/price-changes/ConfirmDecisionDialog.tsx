import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPriceChangesSummaryQuery } from '@tarifa/contract';
import { usePriceChangesSummary, type PriceChangeDecision } from '@/api/price-changes';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';

/** What is about to be decided: the selected rows, or everything the filters match. */
export interface PendingDecision {
  decision: PriceChangeDecision;
  scope: 'selected' | 'matching';
  count: number;
}

/**
 * "Approve 3 price changes?" / "Reject all 42 matching price changes?": the count and what it
 * means, Cancel (the default) and the decision. Approving all that match also says how many of
 * them are manual prices outside their room's bounds (asked of the API for the same filters): it
 * can be confirmed once that is known (or could not be asked).
 */
export function ConfirmDecisionDialog({
  businessUuid,
  filter,
  pending,
  sending,
  error,
  onConfirm,
  onCancel,
}: {
  businessUuid: string;
  /** The list's filters: what "all that match" takes in. */
  filter: TPriceChangesSummaryQuery;
  pending: PendingDecision;
  sending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('priceChanges');
  const titleId = useId();
  const bodyId = useId();
  const intl = useIntl();
  const n = intl.number(pending.count);
  const key = `confirm.${pending.decision}.${pending.scope}`;
  const approvingAll = pending.decision === 'approve' && pending.scope === 'matching';
  const summaryQuery = usePriceChangesSummary(businessUuid, approvingAll ? filter : null);
  const summary = summaryQuery.data;
  // Approving all waits for what it takes in (the manual prices outside their bounds) to be said.
  const counting = approvingAll && summaryQuery.isPending;
  const outside = summary
    ? (['manualBelowMin', 'manualAboveMax'] as const).filter((kind) => summary[kind] > 0)
    : [];
  return (
    <Dialog
      open
      onClose={() => !sending && onCancel()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t(`${key}.title`, { n })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={bodyId}>{t(`${key}.body`, { n })}</DialogContentText>
          {outside.length > 0 && (
            <Alert severity="warning" data-testid="manual-outside-bounds">
              {outside
                .map((kind) =>
                  t(`confirm.${kind}`, { count: summary![kind], n: intl.number(summary![kind]) }),
                )
                .join(' ')}
            </Alert>
          )}
          {error ? (
            <Alert severity="error" role="alert">
              {errorMessage(t, error)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={pending.decision === 'approve' ? 'primary' : 'error'}
          loading={sending}
          disabled={counting}
          onClick={onConfirm}
        >
          {t(`${key}.confirm`, { n })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
