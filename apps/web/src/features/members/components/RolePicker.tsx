import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { memberRoles, type TMemberRole } from '@tarifa/contract';

/** The four roles, each with what it may do beside its name. */
export function RolePicker({
  value,
  onChange,
  error,
}: {
  value: TMemberRole;
  onChange: (role: TMemberRole) => void;
  error?: string;
}) {
  const { t } = useTranslation('members');
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" id={labelId}>
        {t('role')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value as TMemberRole)}
      >
        {memberRoles.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.75 } }}
            label={
              <Stack spacing={0.25}>
                <Typography variant="body1">{t(`roles.${role}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`roleHelp.${role}`)}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
