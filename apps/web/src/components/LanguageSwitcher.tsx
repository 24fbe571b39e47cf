import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, type TLocale } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';

/**
 * The language menu of the top bars. The chosen language is applied and kept on this device;
 * `onChosen` lets a signed-in shell also save it as the account's language.
 */
export function LanguageSwitcher({ onChosen }: { onChosen?: (locale: TLocale) => void } = {}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton
          aria-label={t('language.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id="language-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {locales.map((locale) => (
          <MenuItem
            key={locale}
            lang={locale}
            selected={i18n.language === locale}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(locale);
              onChosen?.(locale);
            }}
          >
            {t(`language.${locale}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
