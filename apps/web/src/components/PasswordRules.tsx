import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { passwordClasses, passwordRules } from '@tarifa/contract';
import { visuallyHidden } from '@/lib/a11y';

/** The password rule of the contract, explained, each part ticked as the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('forms');
  const rules = [
    {
      key: 'length',
      met: password.length >= passwordRules.minLength,
      text: t('passwordRules.length', { minimum: passwordRules.minLength }),
    },
    { key: 'mix', met: passwordClasses(password) >= 2, text: t('passwordRules.mix') },
  ];
  return (
    <Box id={id} sx={{ mt: -1 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('passwordRules.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.map((rule) => (
          <Typography
            key={rule.key}
            component="li"
            variant="caption"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              color: rule.met ? 'success.main' : 'text.secondary',
            }}
          >
            {rule.met ? (
              <CheckCircleIcon sx={{ fontSize: 16 }} aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon sx={{ fontSize: 16 }} aria-hidden />
            )}
            <span>
              {rule.text}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {rule.met ? t('passwordRules.met') : t('passwordRules.notMet')}
              </Box>
            </span>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
