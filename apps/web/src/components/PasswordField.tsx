import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField, type InputFieldProps } from './InputField';

/**
 * A password input with a button to show or hide what was typed. `describedBy` names an element
 * explaining the rule (e.g. `PasswordRules`), announced with the field along with its error.
 */
export function PasswordField({
  describedBy,
  ...props
}: Omit<InputFieldProps, 'type' | 'endAdornment'> & { describedBy?: string }) {
  const { t } = useTranslation('forms');
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const described = [props.helperText ? `${id}-helper-text` : null, describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <InputField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      htmlInput={described ? { 'aria-describedby': described } : undefined}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(event) => event.preventDefault()}
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
