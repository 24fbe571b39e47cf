import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, type TLocale } from '@tarifa/contract';
import { useSaveAccountLanguage } from '@/features/auth/api/account';
import { changeLanguage } from '@/lib/i18n';
import {
  defaultPrimary,
  optionsOf,
  resetPreferences,
  setPreference,
  usePreferences,
  type ChoiceKey,
  type Preferences,
} from '@/lib/preferences/preferences';

/** Colours offered for the primary colour; any other can be picked too. */
const primarySwatches = [
  { id: 'purple', value: defaultPrimary },
  { id: 'teal', value: '#0D9394' },
  { id: 'amber', value: '#FFAB1D' },
  { id: 'rose', value: '#EB3D63' },
  { id: 'blue', value: '#2092EC' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2.5 }}>
      <Typography
        variant="overline"
        component="h3"
        sx={(theme) => ({
          display: 'inline-block',
          px: 1,
          borderRadius: 1,
          // Darker (lighter in the dark theme) than the primary, to read on its own tint.
          color: theme.palette.mode === 'light' ? 'primary.dark' : 'primary.light',
          bgcolor: alpha(theme.palette.primary.main, 0.12),
          mb: 2,
        })}
      >
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

/** A radio group drawn as a row of bordered choices. */
function Choice<K extends ChoiceKey>({ name, label }: { name: K; label: string }) {
  const { t } = useTranslation('shell');
  const value = usePreferences()[name];
  const labelId = useId();
  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1, typography: 'subtitle2' }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={name}
        value={value}
        onChange={(event) => setPreference(name, event.target.value as Preferences[K])}
        sx={{ gap: 1 }}
      >
        {optionsOf(name).map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio size="small" />}
            label={t(`customizer.options.${option}`)}
            sx={{
              m: 0,
              paddingInlineEnd: 1.5,
              border: 1,
              borderRadius: 1.5,
              borderColor: value === option ? 'primary.main' : 'divider',
              bgcolor:
                value === option
                  ? (theme) => alpha(theme.palette.primary.main, 0.06)
                  : 'transparent',
            }}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

function Toggle({
  name,
  label,
  disabled,
}: {
  name: 'navbarBlur' | 'verticalNavCollapsed';
  label: string;
  disabled?: boolean;
}) {
  const value = usePreferences()[name];
  return (
    <FormControlLabel
      sx={{ m: 0, justifyContent: 'space-between' }}
      labelPlacement="start"
      disabled={disabled}
      control={
        <Switch
          checked={value}
          name={name}
          onChange={(event) => setPreference(name, event.target.checked)}
        />
      }
      label={<Typography variant="subtitle2">{label}</Typography>}
    />
  );
}

/** The primary colour of one scheme: swatches plus any colour. */
function PrimaryColour({ name, label }: { name: 'primaryLight' | 'primaryDark'; label: string }) {
  const { t } = useTranslation('shell');
  const value = usePreferences()[name];
  const labelId = useId();
  const custom = !primarySwatches.some((swatch) => swatch.value === value);
  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1, typography: 'subtitle2' }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={name}
        value={custom ? '' : value}
        onChange={(event) => setPreference(name, event.target.value)}
        sx={{ gap: 1 }}
      >
        {primarySwatches.map((swatch) => (
          <Tooltip key={swatch.id} title={t(`customizer.colours.${swatch.id}`)}>
            <Radio
              value={swatch.value}
              slotProps={{ input: { 'aria-label': t(`customizer.colours.${swatch.id}`) } }}
              disableRipple
              icon={<Swatch colour={swatch.value} />}
              checkedIcon={<Swatch colour={swatch.value} checked />}
              sx={{ p: 0.25 }}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('customizer.colours.custom')}>
          <Box
            component="label"
            sx={{
              position: 'relative',
              display: 'inline-flex',
              borderRadius: 1.5,
              p: 0.25,
              '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            <Swatch colour={value} checked={custom} rainbow={!custom} />
            <Box
              component="input"
              type="color"
              value={value.toLowerCase()}
              aria-label={t('customizer.colours.custom')}
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                setPreference(name, event.target.value)
              }
              sx={{
                position: 'absolute',
                inset: 0,
                opacity: 0,
                cursor: 'pointer',
                inlineSize: '100%',
                blockSize: '100%',
              }}
            />
          </Box>
        </Tooltip>
      </RadioGroup>
    </Box>
  );
}

function Swatch({
  colour,
  checked,
  rainbow,
}: {
  colour: string;
  checked?: boolean;
  rainbow?: boolean;
}) {
  return (
    <Box
      sx={{
        inlineSize: 40,
        blockSize: 40,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        border: 2,
        borderColor: checked ? 'text.primary' : 'transparent',
        background: rainbow
          ? 'conic-gradient(#EB3D63, #FFAB1D, #28C76F, #0D9394, #2092EC, #7367F0, #EB3D63)'
          : colour,
      }}
    >
      {checked && !rainbow && <CheckIcon fontSize="small" />}
    </Box>
  );
}

/**
 * Every layout and theme preference in one drawer; each change applies at once and is kept (the
 * language also as the account's, as the top bar's menu does).
 */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const { contentLayoutNav } = usePreferences();
  const titleId = useId();
  const languageId = useId();
  const saveLanguage = useSaveAccountLanguage();
  const horizontal = contentLayoutNav === 'horizontal';
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { inlineSize: 400, maxInlineSize: '100vw' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, py: 2.5 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={titleId} variant="h5" component="h2">
            {t('customizer.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('customizer.subtitle')}
          </Typography>
        </Box>
        <Tooltip title={t('customizer.reset')}>
          <IconButton onClick={resetPreferences} aria-label={t('customizer.reset')}>
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
        <IconButton onClick={onClose} aria-label={t('customizer.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto' }}>
        <Section title={t('customizer.theming')}>
          <PrimaryColour name="primaryLight" label={t('customizer.primaryLight')} />
          <PrimaryColour name="primaryDark" label={t('customizer.primaryDark')} />
          <Choice name="theme" label={t('customizer.theme')} />
          <Choice name="skin" label={t('customizer.skin')} />
        </Section>
        <Divider />
        <Section title={t('customizer.layout')}>
          <Choice name="contentLayoutNav" label={t('customizer.navigation')} />
          <Toggle
            name="verticalNavCollapsed"
            label={t('customizer.collapsed')}
            disabled={horizontal}
          />
          <Choice name="contentWidth" label={t('customizer.contentWidth')} />
          <Choice name="navbarType" label={t('customizer.navbarType')} />
          <Toggle name="navbarBlur" label={t('customizer.navbarBlur')} />
          {horizontal && (
            <Choice name="horizontalNavType" label={t('customizer.horizontalNavType')} />
          )}
          <Choice name="footerType" label={t('customizer.footerType')} />
        </Section>
        <Divider />
        <Section title={t('customizer.language')}>
          <Box>
            <FormLabel id={languageId} sx={{ display: 'block', mb: 1, typography: 'subtitle2' }}>
              {t('common:language.label')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={languageId}
              value={i18n.language}
              onChange={(event) => {
                const language = event.target.value as TLocale;
                void changeLanguage(language);
                saveLanguage(language);
              }}
              sx={{ gap: 1 }}
            >
              {locales.map((locale) => (
                <FormControlLabel
                  key={locale}
                  value={locale}
                  lang={locale}
                  control={<Radio size="small" />}
                  label={t(`common:language.${locale}`)}
                  sx={{
                    m: 0,
                    paddingInlineEnd: 1.5,
                    border: 1,
                    borderRadius: 1.5,
                    borderColor: i18n.language === locale ? 'primary.main' : 'divider',
                  }}
                />
              ))}
            </RadioGroup>
          </Box>
        </Section>
      </Box>
    </Drawer>
  );
}
