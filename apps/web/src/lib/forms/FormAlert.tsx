import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeMessage, issueMessage, type FormError } from './messages';

/** The errors of a form that belong to no field (wrong password, rate limit, network…). */
export function FormAlert({ error }: { error: FormError | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  const details = error.details.map((detail) => issueMessage(t, detail));
  // A rejected field that is not on the form: its own message says more than "some details…".
  const headline =
    (error.code === 'validation_failed' || error.code === 'plan_required') && details.length === 1
      ? details.pop()
      : errorCodeMessage(t, error.code);
  return (
    <Alert
      severity={error.code === 'plan_required' ? 'info' : 'error'}
      role="alert"
      action={
        // A plan's refusal is an upgrade prompt: the way to the plans is beside it.
        error.code === 'plan_required' && (
          <Button color="inherit" size="small" component={Link} to="/pages/pricing">
            {t('plans:upgrade.seePlans')}
          </Button>
        )
      }
    >
      {headline}
      {details.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {details.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
