import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TFieldIssue } from '@tarifa/contract';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { useImportBudget } from '@/api/budgets';
import { issueMessage, toFormError, type FormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';

/**
 * "Upload a CSV": the file's months replace theirs, all or nothing. A refused file lists each
 * problem by line and column, translated; anything else (a conflict, a file too large) shows as
 * the business's error.
 */
export function BudgetUpload({ business }: { business: TBusiness }) {
  const { t } = useTranslation('budgets');
  const intl = useIntl();
  const upload = useImportBudget(business.uuid);
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<TFieldIssue[] | null>(null);
  const [failed, setFailed] = useState<FormError | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRejected(null);
    setFailed(null);
    try {
      const answer = await upload.mutateAsync({ file, version: business.version });
      showSnackbar({
        severity: 'success',
        message: t('upload.done', { count: answer.months.length }),
      });
    } catch (error) {
      const found = toFormError(error);
      if (found.code === 'validation_failed' && found.details.length) setRejected(found.details);
      else setFailed(found);
    }
  };

  const describe = (issue: TFieldIssue) => {
    const message = issueMessage(t, issue);
    const { line, column } = issue.params ?? {};
    if (line === undefined) return message;
    return t('upload.lineError', {
      line: intl.number(Number(line)),
      column: t(`upload.columns.${String(column)}`, { defaultValue: String(column) }),
      message,
    });
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<UploadIcon />}
        onClick={() => input.current?.click()}
        loading={upload.isPending}
      >
        {t('upload.action')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="budget-file"
        onChange={(event) => void onFile(event)}
      />
      {failed && (
        <Stack sx={{ alignSelf: 'stretch' }}>
          <BusinessErrorAlert error={failed} />
        </Stack>
      )}
      {rejected && (
        <Alert
          severity="error"
          onClose={() => setRejected(null)}
          data-testid="budget-rejected"
          sx={{ alignSelf: 'stretch' }}
        >
          <Typography variant="body2">{t('upload.rejected')}</Typography>
          <List dense aria-label={t('upload.errorsLabel')}>
            {rejected.map((issue, i) => (
              <ListItem key={i} disableGutters>
                {describe(issue)}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
