import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Kbd } from '@/components/Kbd';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { Logo } from '@/components/Logo';
import { ThemeSwitcher } from '@/components/ThemeSwitcher';
import { useSaveAccountLanguage } from '@/features/auth/api/account';
import type { BarType } from '@/lib/preferences/preferences';
import { NavbarStart } from './NavbarStart';
import { NotificationsMenu } from './NotificationsMenu';
import { useShell } from './ShellContext';
import { ShortcutsMenu } from './ShortcutsMenu';
import { UserMenu } from './UserMenu';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function SearchTrigger({ compact }: { compact: boolean }) {
  const { t } = useTranslation('shell');
  const { openSearch } = useShell();
  const keys = isMac ? '⌘ K' : 'Ctrl K';
  if (compact)
    return (
      <Tooltip title={t('search.title')}>
        <IconButton
          onClick={openSearch}
          aria-label={t('search.title')}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
    );
  return (
    <ButtonBase
      onClick={openSearch}
      aria-keyshortcuts="Control+K Meta+K"
      aria-label={t('search.title')}
      sx={{
        gap: 1,
        px: 1,
        py: 0.75,
        borderRadius: 1.5,
        color: 'text.secondary',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <SearchIcon />
      <Typography component="span" color="text.secondary">
        {t('search.trigger')}
      </Typography>
      <Box component="span" sx={{ display: 'flex', gap: 0.5 }} aria-hidden>
        {keys.split(' ').map((key) => (
          <Kbd key={key}>{key}</Kbd>
        ))}
      </Box>
    </ButtonBase>
  );
}

interface NavbarProps {
  type: BarType;
  blur: boolean;
  /** The menu button (overlay navigation) is shown. */
  withMenuButton: boolean;
  /** No vertical navigation beside it: the brand goes in the bar. */
  withBrand: boolean;
  /**
   * Narrow screen: the search is an icon, the brand is left to the drawer, and language, theme,
   * shortcuts and preferences are reached through the profile menu.
   */
  compact: boolean;
  maxInlineSize?: number;
}

/** The language menu; the language chosen becomes the account's, kept at the next sign-in. */
function AccountLanguageSwitcher() {
  const saveLanguage = useSaveAccountLanguage();
  return <LanguageSwitcher onChosen={saveLanguage} />;
}

/**
 * The bar above every page: menu button, the business switcher's place, search, and the menus
 * (language, theme, shortcuts, notifications, preferences, profile). Sticky, static or hidden;
 * floating with a blurred background once the page scrolls under it.
 */
export function Navbar({
  type,
  blur,
  withMenuButton,
  withBrand,
  compact,
  maxInlineSize,
}: NavbarProps) {
  const { t } = useTranslation('shell');
  const { openNav, openCustomizer } = useShell();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 8 });
  if (type === 'hidden') {
    // Hidden bar: on narrow screens the menu must still be reachable.
    return withMenuButton ? (
      <IconButton
        onClick={openNav}
        aria-label={t('nav.open')}
        sx={{
          position: 'fixed',
          top: 12,
          insetInlineStart: 12,
          zIndex: 'appBar',
          bgcolor: 'background.paper',
          boxShadow: 2,
        }}
      >
        <MenuIcon />
      </IconButton>
    ) : null;
  }
  const floating = type === 'sticky' && scrolled;
  return (
    <Box
      component="header"
      sx={{
        position: type === 'sticky' ? 'sticky' : 'static',
        top: 0,
        zIndex: 'appBar',
        px: { xs: 1, md: 3 },
        pt: type === 'sticky' ? { xs: 1, md: 1.5 } : 1.5,
        '&::before':
          floating && blur
            ? {
                content: '""',
                position: 'absolute',
                inset: 0,
                blockSize: '100%',
                background: (theme) =>
                  `linear-gradient(180deg, ${alpha(theme.palette.background.default, 0.7)} 44%, ${alpha(theme.palette.background.default, 0.43)} 73%, ${alpha(theme.palette.background.default, 0)})`,
                backdropFilter: 'blur(10px)',
                WebkitMaskImage: 'linear-gradient(black 60%, transparent)',
                zIndex: -1,
              }
            : undefined,
      }}
    >
      <Box
        sx={(theme) => ({
          mx: 'auto',
          maxInlineSize,
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 0.25, sm: 0.5 },
          minBlockSize: 60,
          px: { xs: 1, sm: 2 },
          borderRadius: 1.5,
          bgcolor:
            floating && blur
              ? alpha(theme.palette.background.paper, 0.85)
              : theme.palette.background.paper,
          backdropFilter: floating && blur ? 'blur(9px)' : undefined,
          boxShadow: floating || type !== 'sticky' ? theme.shadows[3] : theme.shadows[1],
          transition: 'box-shadow .2s, background-color .2s',
        })}
      >
        {withMenuButton && (
          <IconButton onClick={openNav} aria-label={t('nav.open')} edge="start">
            <MenuIcon />
          </IconButton>
        )}
        {withBrand && !compact && (
          <Box
            component={Link}
            to="/"
            aria-label={t('nav.home')}
            sx={{ display: 'flex', textDecoration: 'none', marginInlineEnd: 2 }}
          >
            <Logo hideName={compact} />
          </Box>
        )}
        <Box sx={{ display: 'flex', minInlineSize: 0, flexShrink: 1, overflow: 'hidden' }}>
          <NavbarStart />
        </Box>
        <SearchTrigger compact={compact} />
        <Box sx={{ flex: 1 }} />
        {/* On a phone, language and theme are in the preferences (profile menu). */}
        {!compact && <AccountLanguageSwitcher />}
        {!compact && <ThemeSwitcher />}
        {!compact && <ShortcutsMenu />}
        <NotificationsMenu />
        {!compact && (
          <Tooltip title={t('customizer.title')}>
            <IconButton
              onClick={openCustomizer}
              aria-label={t('customizer.title')}
              aria-haspopup="dialog"
            >
              <TuneIcon />
            </IconButton>
          </Tooltip>
        )}
        <UserMenu />
      </Box>
    </Box>
  );
}
