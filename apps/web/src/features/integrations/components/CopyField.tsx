import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only value with a copy button that says when it copied. */
export function CopyField({
  label,
  value,
  multiline = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation('integrations');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      helperText={
        copied === true ? t('copy.done') : copied === false ? t('copy.failed') : undefined
      }
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, dir: 'ltr', style: { fontFamily: 'monospace' } },
        formHelperText: { role: 'status' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('copy.button', { label })}>
                <IconButton
                  aria-label={t('copy.button', { label })}
                  onClick={() => void copy()}
                  edge="end"
                >
                  {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
