import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { textOn } from '../utils/calendar';
import { swatches } from '../utils/form';

function Swatch({ color, checked }: { color: string; checked?: boolean }) {
  return (
    <Box
      component="span"
      style={{ backgroundColor: color, color: textOn(color) }}
      sx={(theme) => ({
        display: 'grid',
        placeItems: 'center',
        inlineSize: 32,
        blockSize: 32,
        borderRadius: '50%',
        boxShadow: checked
          ? `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${theme.palette.text.primary}`
          : `0 0 0 1px ${theme.palette.divider}`,
      })}
    >
      {checked && <CheckIcon fontSize="small" />}
    </Box>
  );
}

interface ColorFieldProps {
  value: string;
  onChange: (color: string) => void;
  error?: string;
}

/**
 * A season's colour: one of the swatches (a radio group: arrow keys move between them), or any
 * colour typed as `#rrggbb` or chosen in the browser's colour picker.
 */
export function ColorField({ value, onChange, error }: ColorFieldProps) {
  const { t } = useTranslation('seasons');
  const labelId = useId();
  const lower = value.toLowerCase();
  const isHex = /^#[0-9a-f]{6}$/.test(lower);
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ gap: 1.5 }}>
      <FormLabel component="legend" id={labelId}>
        {t('form.color')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={swatches.some((s) => s.color === lower) ? lower : ''}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 0.5 }}
      >
        {swatches.map((swatch) => (
          <Tooltip key={swatch.color} title={t(`colors.${swatch.name}`)}>
            <Radio
              value={swatch.color}
              icon={<Swatch color={swatch.color} />}
              checkedIcon={<Swatch color={swatch.color} checked />}
              slotProps={{ input: { 'aria-label': t(`colors.${swatch.name}`) } }}
              sx={{ p: 0.5 }}
            />
          </Tooltip>
        ))}
      </RadioGroup>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          name="color"
          label={t('form.colorHex')}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          error={Boolean(error)}
          helperText={error}
          size="small"
          sx={{ maxInlineSize: 200 }}
          slotProps={{
            htmlInput: { spellCheck: false, maxLength: 7, dir: 'ltr' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={t('form.colorPicker')}
                    value={isHex ? lower : '#000000'}
                    onChange={(event) => onChange((event.target as HTMLInputElement).value)}
                    sx={{
                      inlineSize: 28,
                      blockSize: 28,
                      p: 0,
                      border: 0,
                      borderRadius: 1,
                      bgcolor: 'transparent',
                      cursor: 'pointer',
                    }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
    </FormControl>
  );
}
