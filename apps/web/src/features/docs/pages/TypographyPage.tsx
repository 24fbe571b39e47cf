import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';

const variants = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
] as const;

const swatches = [
  'primary.main',
  'primary.dark',
  'success.main',
  'warning.main',
  'error.main',
  'info.main',
  'text.primary',
  'text.secondary',
  'background.default',
  'background.paper',
] as const;

function px(value: string | number | undefined, base: number): string {
  if (typeof value === 'number') return `${value}px`;
  if (value?.endsWith('rem')) return `${parseFloat(value) * base}px`;
  return value ?? '';
}

/**
 * `/pages/typography`: Tarifa's type scale, colours and how numbers, money and dates read in each
 * language — the reference for every screen.
 */
export default function TypographyPage() {
  const { t } = useTranslation('docs');
  const theme = useTheme();
  const intl = useIntl();
  const base = theme.typography.htmlFontSize;
  const now = new Date();

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('typography.title')}
        </Typography>
        <Typography color="text.secondary">{t('typography.subtitle')}</Typography>
      </Box>

      <Card component="section" aria-labelledby="type-scale">
        <CardHeader
          title={t('typography.scale')}
          subheader={t('typography.font', { font: 'Public Sans' })}
          slotProps={{ title: { id: 'type-scale', component: 'h2', variant: 'h5' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {variants.map((variant, i) => {
            const style = theme.typography[variant];
            return (
              <Fragment key={variant}>
                {i > 0 && <Divider />}
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', md: '160px 1fr' },
                    gap: { xs: 0.5, md: 3 },
                    alignItems: 'center',
                    py: 2,
                  }}
                >
                  <Box>
                    <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
                      {variant}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('typography.specs', {
                        size: px(style.fontSize, base),
                        weight: style.fontWeight,
                        lineHeight: style.lineHeight,
                      })}
                    </Typography>
                  </Box>
                  <Typography
                    variant={variant as TypographyProps['variant']}
                    component="p"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {t(variant.startsWith('h') ? 'typography.sampleHeading' : 'typography.sample')}
                  </Typography>
                </Box>
              </Fragment>
            );
          })}
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="colours">
        <CardHeader
          title={t('typography.colours')}
          subheader={t('typography.coloursHint')}
          slotProps={{ title: { id: 'colours', component: 'h2', variant: 'h5' } }}
        />
        <CardContent
          sx={{
            pt: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          }}
        >
          {swatches.map((swatch) => (
            <Box key={swatch}>
              <Box
                sx={{
                  blockSize: 64,
                  borderRadius: 1.5,
                  bgcolor: swatch,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 600 }}>
                {t(`typography.swatches.${swatch.replace('.', '_')}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {swatch}
              </Typography>
            </Box>
          ))}
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="formats">
        <CardHeader
          title={t('typography.formats')}
          subheader={t('typography.formatsHint')}
          slotProps={{ title: { id: 'formats', component: 'h2', variant: 'h5' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
              rowGap: 1.5,
              columnGap: 3,
              '& dt': { fontWeight: 600 },
              '& dd': { m: 0, color: 'text.secondary' },
            }}
          >
            <dt>{t('typography.number')}</dt>
            <dd>{intl.number(1234567.89)}</dd>
            <dt>{t('typography.money')}</dt>
            <dd>{intl.money(129.5, 'EUR')}</dd>
            <dt>{t('typography.percent')}</dt>
            <dd>{intl.percent(0.874, 1)}</dd>
            <dt>{t('typography.date')}</dt>
            <dd>{intl.date(now, { dateStyle: 'full' })}</dd>
            <dt>{t('typography.weekdays')}</dt>
            <dd>{intl.weekdays('long').join(' · ')}</dd>
            <dt>{t('typography.months')}</dt>
            <dd>{intl.months('long').join(' · ')}</dd>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
