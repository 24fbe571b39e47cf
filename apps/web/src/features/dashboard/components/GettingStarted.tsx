import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BedIcon from '@mui/icons-material/BedOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAvatar } from '@/components/IconAvatar';

const steps: { id: string; to: string; icon: SvgIconComponent }[] = [
  { id: 'property', to: '/my-property', icon: HomeWorkIcon },
  { id: 'rooms', to: '/pricing-central/room-form', icon: BedIcon },
  { id: 'bookings', to: '/pricing-central/bookings/import', icon: UploadFileIcon },
];

/** The three steps to a first recommended price: the property, its room types, its bookings. */
export function GettingStarted() {
  const { t } = useTranslation('dashboard');
  return (
    <Card component="section" aria-labelledby="getting-started">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="getting-started" variant="h5" component="h2" gutterBottom>
          {t('start.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {t('start.subtitle')}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {steps.map(({ id, to, icon: Icon }, index) => (
            <Box
              component="li"
              key={id}
              sx={{
                display: 'flex',
                gap: 2,
                p: 2,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
              }}
            >
              <IconAvatar icon={Icon} />
              <Box sx={{ flex: 1 }}>
                <Typography variant="h6" component="h3">
                  {t('start.step', { number: index + 1 })} · {t(`start.${id}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t(`start.${id}.body`)}
                </Typography>
                <Button
                  component={Link}
                  to={to}
                  size="small"
                  endIcon={<ArrowForwardIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
                  sx={{ marginInlineStart: -0.5 }}
                >
                  {t(`start.${id}.action`)}
                </Button>
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
