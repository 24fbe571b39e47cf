import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChannelConnection } from '@tarifa/contract';
import { FormAlert, type FormError } from '@/lib/forms';
import { providerSilent } from './messages';

/** What every dialog about one connection is given. */
export interface ConnectionDialogProps {
  businessUuid: string;
  connection: TChannelConnection;
  onClose: () => void;
}

/**
 * A connection form's error that names no field: a provider that did not answer (503) asks to try
 * again; anything else as every form says it.
 */
export function ConnectionFormAlert({ error }: { error: FormError | null }) {
  const { t } = useTranslation('channels');
  if (providerSilent(error?.code)) {
    return (
      <Alert severity="warning" role="alert">
        {t('noAnswer')}
      </Alert>
    );
  }
  return <FormAlert error={error} />;
}

/** Cancel, and the button that submits the dialog's form (`formId`), spinning while it is sent. */
export function FormDialogActions({
  formId,
  submitting,
  disabled = false,
  label,
  onCancel,
}: {
  formId: string;
  submitting: boolean;
  disabled?: boolean;
  label: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('channels');
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={submitting}>
        {t('actions.cancel')}
      </Button>
      <Button
        type="submit"
        form={formId}
        variant="contained"
        loading={submitting}
        disabled={disabled}
      >
        {label}
      </Button>
    </DialogActions>
  );
}

/** One of a few options, as radio buttons under their label (keyboard: arrows move the choice). */
export function ChoiceField<V extends string>({
  id,
  label,
  value,
  options,
  labelOf,
  onChange,
  row = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (option: V) => ReactNode;
  onChange: (value: V) => void;
  row?: boolean;
  disabled?: boolean;
}) {
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            disabled={disabled}
            label={labelOf(option)}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -1 }, mt: 1 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
