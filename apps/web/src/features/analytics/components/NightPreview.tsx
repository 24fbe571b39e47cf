import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tapped night of the heat map, at the foot of the screen: its date and figures, and the way
 * to open it in the price calendar — a tap looks before it leaves. It does not block the page
 * (no backdrop): another tap shows another night; Escape or Close puts it away.
 */
export function NightPreview({
  title,
  figures,
  onOpen,
  onClose,
}: {
  /** The night in words ("sábado, 12 de setembro de 2026"); `null` closes the preview. */
  title: string | null;
  /** Each figure's name and value, worded. */
  figures: readonly (readonly [string, string])[];
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  const open = title !== null;
  // The preview takes no focus (the page stays usable): Escape is heard wherever focus is.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);
  return (
    <Drawer
      variant="persistent"
      anchor="bottom"
      open={open}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: {
            borderStartStartRadius: 16,
            borderStartEndRadius: 16,
            boxShadow: 8,
            p: 2.5,
            pb: 3,
          },
        },
      }}
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.75 }}
      >
        {figures.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('heatMap.preview.close')}
        </Button>
        <Button variant="contained" onClick={onOpen}>
          {t('heatMap.preview.open')}
        </Button>
      </Stack>
    </Drawer>
  );
}
