import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown past this many pixels of vertical scroll. */
const scrollToTopThreshold = 200;
/** The button's size (a medium Fab) and its distance from the screen's end edge, in pixels. */
const size = 48;
const edge = 24;
/** A control at least this share of the screen's width is wide enough to act on beside it. */
const wideShare = 0.6;
/** What a person acts on: the button steps aside rather than cover one. */
const actions =
  'button, a[href], input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"]';

/**
 * Whether a narrow control of the page lies where the button stands (`bottom` px above the screen's
 * foot, at its end edge), with a few pixels to spare: the night's "Set price" button scrolled to
 * the foot of a phone's screen, a form's last button.
 */
function coversAnAction(bottom: number): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const rtl = document.documentElement.dir === 'rtl';
  const start = rtl ? edge : window.innerWidth - edge - size;
  const top = window.innerHeight - bottom - size;
  const spots = [-4, size / 2, size + 4];
  // A wide control (an accordion's header, a full-width row) stays usable beside the button; a
  // narrow one (the night's "Set price" button, an icon button) would be hidden by it.
  const narrow = (control: Element | null) =>
    control !== null && control.getBoundingClientRect().width < window.innerWidth * wideShare;
  return spots.some((dx) =>
    spots.some((dy) =>
      document
        .elementsFromPoint(start + dx, top + dy)
        .some(
          (element) => !element.closest('[data-scroll-to-top]') && narrow(element.closest(actions)),
        ),
    ),
  );
}

/**
 * A button at the bottom corner that appears once the page is scrolled more than 200 px down and
 * scrolls smoothly back to the top. It steps aside while a control of the page is under it, so
 * it never covers an action.
 */
export function ScrollToTop({ bottom = 24 }: { bottom?: number }) {
  const { t } = useTranslation('shell');
  const shown = useScrollTrigger({ disableHysteresis: true, threshold: scrollToTopThreshold });
  const covering = useCoveringAnAction(shown, bottom);
  const toTop = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from a vanished button.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <Zoom in={shown && !covering} unmountOnExit>
      <Fab
        color="primary"
        size="medium"
        onClick={toTop}
        aria-label={t('scrollToTop')}
        title={t('scrollToTop')}
        data-scroll-to-top=""
        sx={{ position: 'fixed', bottom, insetInlineEnd: edge, zIndex: 'speedDial' }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}

/** Whether the button would cover an action, looked at again on every scroll and resize. */
function useCoveringAnAction(active: boolean, bottom: number): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const look = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCovering(coversAnAction(bottom)));
    };
    look();
    window.addEventListener('scroll', look, { passive: true });
    window.addEventListener('resize', look);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', look);
      window.removeEventListener('resize', look);
    };
  }, [active, bottom]);
  return active && covering;
}
