import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useIntl } from '@/lib/intl';
import { tourSteps, type TourStep } from '../steps';
import { tour, useTour } from '../tourStore';

function onScreen(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

function findTarget(step: TourStep): HTMLElement | null {
  for (const selector of step.targets) {
    const found = [...document.querySelectorAll<HTMLElement>(selector)].find(onScreen);
    if (found) return found;
  }
  return null;
}

function atRoute(route: string, location: { pathname: string; search: string }) {
  const url = new URL(route, 'http://x');
  return url.pathname === location.pathname && url.search === location.search;
}

/**
 * The guided tour over the real Pricing Central screens: it opens each step's page, lights up the
 * part the step explains and puts a card beside it (in the middle when the part is not on screen).
 * Escape ends it; the card takes the focus at every step.
 */
export function TourOverlay() {
  const { index } = useTour();
  if (index === null) return null;
  return <TourStepView key={index} index={index} />;
}

function TourStepView({ index }: { index: number }) {
  const { t } = useTranslation('tour');
  const intl = useIntl();
  const theme = useTheme();
  const navigate = useNavigate();
  const location = useLocation();
  const step = tourSteps[index]!;
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const [searched, setSearched] = useState(false);
  const last = index === tourSteps.length - 1;
  const here = atRoute(step.route, location);

  useEffect(() => {
    if (!here) void navigate(step.route);
  }, [here, navigate, step.route]);

  // The page may still be loading: look for the target for a moment before giving up.
  useEffect(() => {
    if (!here) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const found = findTarget(step);
      tries += 1;
      if (found || tries > 15) {
        window.clearInterval(timer);
        found?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        setTarget(found);
        setSearched(true);
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [here, step]);

  useLayoutEffect(() => {
    if (!target) return;
    const update = () => setRect(target.getBoundingClientRect());
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [target]);

  // The card takes the focus once it is on screen (the popper mounts it after positioning).
  const card = useCallback(
    (node: HTMLDivElement | null) => node?.focus({ preventScroll: true }),
    [],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') tour.stop();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!searched) return null;
  const pad = 6;
  const rtl = theme.direction === 'rtl';

  const content = (
    <Paper
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      aria-describedby="tour-body"
      tabIndex={-1}
      elevation={12}
      sx={{ inlineSize: 360, maxInlineSize: 'calc(100vw - 32px)', p: 2.5, outline: 'none' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography id="tour-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t(`steps.${step.id}.title`)}
        </Typography>
        <IconButton size="small" onClick={tour.stop} aria-label={t('end')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Typography id="tour-body" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t(`steps.${step.id}.body`)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={((index + 1) / tourSteps.length) * 100}
        aria-hidden
        sx={{ mb: 2, borderRadius: 1 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('progress', {
            number: intl.number(index + 1),
            total: intl.number(tourSteps.length),
          })}
        </Typography>
        {index > 0 && <Button onClick={tour.back}>{t('back')}</Button>}
        <Button variant="contained" onClick={tour.next}>
          {last ? t('finish') : t('next')}
        </Button>
      </Box>
    </Paper>
  );

  return (
    <>
      {/* The spotlight: everything dimmed but the target. */}
      <Box
        aria-hidden
        onClick={tour.stop}
        sx={{
          position: 'fixed',
          inset: 0,
          zIndex: theme.zIndex.modal - 1,
          ...(target && rect ? {} : { bgcolor: 'rgba(20, 20, 29, 0.5)' }),
        }}
      />
      {target && rect && (
        <Box
          aria-hidden
          // Measured, physical coordinates: inline style, so the RTL stylesheet does not mirror them.
          style={{
            top: rect.top - pad,
            left: rect.left - pad,
            width: rect.width + pad * 2,
            height: rect.height + pad * 2,
          }}
          sx={{
            position: 'fixed',
            borderRadius: 1.5,
            boxShadow: '0 0 0 9999px rgba(20, 20, 29, 0.5)',
            outline: 2,
            outlineColor: 'primary.main',
            outlineStyle: 'solid',
            zIndex: theme.zIndex.modal - 1,
            pointerEvents: 'none',
            transition: 'all .25s',
          }}
        />
      )}
      {target ? (
        <Popper
          open
          anchorEl={target}
          placement={target.closest('nav') ? (rtl ? 'left-start' : 'right-start') : 'bottom-start'}
          modifiers={[{ name: 'offset', options: { offset: [0, 14] } }]}
          sx={{ zIndex: theme.zIndex.modal }}
        >
          {content}
        </Popper>
      ) : (
        <Box
          sx={{
            position: 'fixed',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            zIndex: theme.zIndex.modal,
            pointerEvents: 'none',
            '& > *': { pointerEvents: 'auto' },
          }}
        >
          {content}
        </Box>
      )}
    </>
  );
}
