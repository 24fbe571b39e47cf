import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorCodeMessage, issueMessage, type FormError } from './messages';

/** The errors of a form that belong to no field (wrong password, rate limit, network…). */
export function FormAlert({ error }: { error: FormError | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  const details = error.details.map((detail) => issueMessage(t, detail));
  // A rejected field that is not on the form: its own message says more than "some details…".
  const headline =
    error.code === 'validation_failed' && details.length === 1
      ? details.pop()
      : errorCodeMessage(t, error.code);
  return (
    <Alert severity="error" role="alert">
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
