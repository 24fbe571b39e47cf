import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { tourSteps } from '../steps';
import { tour } from '../tourStore';

/** `/extensions/tour`: what the product tour shows, and the button that starts it. */
export default function TourPage() {
  const { t } = useTranslation('tour');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1, minInlineSize: 260 }}>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlayArrowIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          onClick={tour.start}
        >
          {t('start')}
        </Button>
      </Box>
      <Card component="section" aria-labelledby="tour-steps">
        <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
          <Typography id="tour-steps" variant="h5" component="h2" sx={{ mb: 2 }}>
            {t('stepsTitle')}
          </Typography>
          <Stepper orientation="vertical" nonLinear activeStep={-1}>
            {tourSteps.map((step) => (
              <Step key={step.id} expanded active={false}>
                <StepLabel>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {t(`steps.${step.id}.title`)}
                  </Typography>
                </StepLabel>
                <StepContent>
                  <Typography color="text.secondary">{t(`steps.${step.id}.body`)}</Typography>
                </StepContent>
              </Step>
            ))}
          </Stepper>
        </CardContent>
      </Card>
    </Box>
  );
}
