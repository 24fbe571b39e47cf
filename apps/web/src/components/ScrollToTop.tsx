import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useTranslation } from 'react-i18next';

/** Shown past this many pixels of vertical scroll. */
const scrollToTopThreshold = 200;

/**
 * A button at the bottom corner that appears once the page is scrolled more than 200 px down and
 * scrolls smoothly back to the top.
 */
export function ScrollToTop({ bottom = 24 }: { bottom?: number }) {
  const { t } = useTranslation('shell');
  const shown = useScrollTrigger({ disableHysteresis: true, threshold: scrollToTopThreshold });
  const toTop = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from a vanished button.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <Zoom in={shown} unmountOnExit>
      <Fab
        color="primary"
        size="medium"
        onClick={toTop}
        aria-label={t('scrollToTop')}
        title={t('scrollToTop')}
        sx={{ position: 'fixed', bottom, insetInlineEnd: 24, zIndex: 'speedDial' }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
