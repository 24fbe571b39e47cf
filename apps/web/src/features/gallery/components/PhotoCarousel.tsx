import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';
import type { PropertyPhoto } from '../api/photos';

/**
 * A swipeable gallery: native scroll snapping (swipe on touch, trackpad, or the buttons and the
 * arrow keys), one photo at a time, dots to jump. Mirrored in right-to-left languages: "next" is
 * towards the inline end, and the arrows follow.
 */
export function PhotoCarousel({ photos, label }: { photos: PropertyPhoto[]; label: string }) {
  const { t } = useTranslation('gallery');
  const intl = useIntl();
  const rtl = useTheme().direction === 'rtl';
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  // Follow the slide the user swiped to.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => {
      const width = element.clientWidth || 1;
      setIndex(Math.min(photos.length - 1, Math.round(Math.abs(element.scrollLeft) / width)));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [photos.length]);

  const go = (next: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, next));
    setIndex(target);
    const element = track.current;
    const slide = element?.children[target] as HTMLElement | undefined;
    slide?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'start' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(index + 1);
    else if (event.key === backward) go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(photos.length - 1);
    else return;
    event.preventDefault();
  };

  const position = (i: number) =>
    t('position', { number: intl.number(i + 1), total: intl.number(photos.length) });
  const Prev = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const Next = rtl ? ChevronLeftIcon : ChevronRightIcon;

  return (
    <Box
      component="section"
      aria-roledescription={t('roleCarousel')}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={track}
          tabIndex={0}
          aria-live="polite"
          sx={{
            display: 'flex',
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'none',
            borderRadius: 2,
            '&::-webkit-scrollbar': { display: 'none' },
          }}
        >
          {photos.map((photo, i) => (
            <Box
              key={photo.id}
              component="figure"
              role="group"
              aria-roledescription={t('roleSlide')}
              aria-label={position(i)}
              aria-hidden={i !== index}
              sx={{ flex: '0 0 100%', m: 0, scrollSnapAlign: 'start', position: 'relative' }}
            >
              <Box
                component="img"
                src={photo.src}
                alt={photo.caption || `${label} — ${position(i)}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                sx={{
                  display: 'block',
                  inlineSize: '100%',
                  aspectRatio: '16 / 9',
                  objectFit: 'cover',
                }}
              />
              {photo.caption && (
                <Typography
                  component="figcaption"
                  sx={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: 0,
                    p: 2,
                    color: '#fff',
                    background: 'linear-gradient(transparent, rgba(0,0,0,.7))',
                  }}
                >
                  {photo.caption}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
        {photos.length > 1 && (
          <>
            <IconButton
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={t('previous')}
              sx={{
                position: 'absolute',
                top: '50%',
                insetInlineStart: 12,
                transform: 'translateY(-50%)',
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <Prev />
            </IconButton>
            <IconButton
              onClick={() => go(index + 1)}
              disabled={index === photos.length - 1}
              aria-label={t('next')}
              sx={{
                position: 'absolute',
                top: '50%',
                insetInlineEnd: 12,
                transform: 'translateY(-50%)',
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <Next />
            </IconButton>
          </>
        )}
      </Box>
      {photos.length > 1 && (
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            gap: 0.5,
            mt: 1.5,
          }}
        >
          {photos.map((photo, i) => (
            <IconButton
              key={photo.id}
              size="small"
              onClick={() => go(i)}
              aria-label={position(i)}
              aria-current={i === index ? 'true' : undefined}
              sx={{ p: 0.75 }}
            >
              <Box
                sx={{
                  inlineSize: i === index ? 20 : 8,
                  blockSize: 8,
                  borderRadius: 4,
                  bgcolor: i === index ? 'primary.main' : 'action.disabled',
                  transition: 'inline-size .2s',
                }}
              />
            </IconButton>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 0.5 }}>
        {photos.length > 0 && position(index)}
      </Typography>
    </Box>
  );
}
