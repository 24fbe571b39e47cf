import EditIcon from '@mui/icons-material/Edit';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';
import { isolate } from '@/lib/bidi';
import { occupancyBands } from '../utils/occupancy';

function Item({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      {swatch}
      <Typography variant="caption">{children}</Typography>
    </Stack>
  );
}

const box = { inlineSize: 16, blockSize: 16, borderRadius: 0.5, flexShrink: 0 } as const;

/** What the shades and marks of the calendar mean. */
export function OccupancyLegend() {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const percent = (value: number) => isolate(intl, intl.percent(value));
  return (
    <Stack spacing={1} component="section" aria-label={t('legend.title')}>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
      >
        <Typography component="li" variant="caption" sx={{ fontWeight: 600 }}>
          {t('legend.occupancy')}
        </Typography>
        {occupancyBands.map((band) => (
          <Item
            key={band.from}
            swatch={
              <Box
                sx={(theme) => ({
                  ...box,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: alpha(theme.palette.primary.main, band.alpha),
                })}
              />
            }
          >
            {t('legend.band', { from: percent(band.from), to: percent(band.to) })}
          </Item>
        ))}
      </Stack>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
      >
        <Item swatch={<EditIcon sx={{ fontSize: 14, color: 'text.secondary' }} />}>
          {t('legend.override')}
        </Item>
        <Item swatch={<WarningIcon sx={{ fontSize: 14, color: 'error.main' }} />}>
          {t('legend.outOfBounds')}
        </Item>
        <Item
          swatch={
            <Box sx={{ inlineSize: 8, blockSize: 8, borderRadius: '50%', bgcolor: 'info.main' }} />
          }
        >
          {t('legend.unpublished')}
        </Item>
        <Item
          swatch={
            <Box
              sx={{ inlineSize: 8, blockSize: 8, borderRadius: '50%', bgcolor: 'warning.main' }}
            />
          }
        >
          {t('legend.pending')}
        </Item>
        <Item
          swatch={
            <Box
              sx={(theme) => ({
                ...box,
                bgcolor: 'action.hover',
                borderInlineStart: `3px solid ${theme.palette.secondary.main}`,
              })}
            />
          }
        >
          {t('legend.seasonChange')}
        </Item>
        <Item
          swatch={
            <Box
              sx={(theme) => ({
                ...box,
                bgcolor: 'action.hover',
                borderBlockStart: `3px solid ${theme.palette.primary.main}`,
              })}
            />
          }
        >
          {t('legend.today')}
        </Item>
        <Item
          swatch={
            <Box sx={(theme) => ({ ...box, bgcolor: alpha(theme.palette.text.primary, 0.1) })} />
          }
        >
          {t('legend.weekend')}
        </Item>
        <Item
          swatch={
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              ≥2
            </Typography>
          }
        >
          {t('legend.minStay')}
        </Item>
        <Item
          swatch={
            <Typography
              component="span"
              variant="caption"
              sx={{ color: 'warning.dark', fontWeight: 700 }}
            >
              ◆
            </Typography>
          }
        >
          {t('legend.orphan')}
        </Item>
        <Item
          swatch={
            <Box sx={{ inlineSize: 7, blockSize: 7, borderRadius: '50%', bgcolor: 'error.main' }} />
          }
        >
          {t('legend.holiday')}
        </Item>
        <Item
          swatch={
            <Box
              sx={{ inlineSize: 7, blockSize: 7, borderRadius: '50%', bgcolor: 'secondary.main' }}
            />
          }
        >
          {t('legend.event')}
        </Item>
        <Item
          swatch={<Box sx={{ ...box, blockSize: 4, borderRadius: 1, bgcolor: 'info.light' }} />}
        >
          {t('legend.market')}
        </Item>
      </Stack>
    </Stack>
  );
}
