import CelebrationIcon from '@mui/icons-material/CelebrationOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { useSelectedBusiness } from '@/api/business';
import { CreateBusinessForm } from './CreateBusinessForm';
import { RoomTypesEditor } from './RoomTypesEditor';

/**
 * First run: a user with no property creates one (name, currency, time zone, country), then its
 * room types, then is pointed at the prices. `onStart` is called when it shows (so its host keeps
 * it on screen once the property exists), `onDone` when the user is finished.
 */
export function Onboarding({ onStart, onDone }: { onStart?: () => void; onDone: () => void }) {
  const { t } = useTranslation('property');
  const { data: business } = useSelectedBusiness();
  const [step, setStep] = useState(0);
  useEffect(() => onStart?.(), [onStart]);
  const hasRooms = (business?.tariffConfiguration.roomsTariff.length ?? 0) > 0;

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 960, mx: 'auto' }}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('onboarding.title')}
        </Typography>
        <Typography color="text.secondary">{t('onboarding.intro')}</Typography>
      </div>
      <Stepper activeStep={step} alternativeLabel aria-label={t('onboarding.progress')}>
        {(['property', 'rooms', 'done'] as const).map((key) => (
          <Step key={key}>
            <StepLabel>{t(`onboarding.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          {step === 0 && (
            <Stack spacing={2} sx={{ maxInlineSize: 560, mx: 'auto' }}>
              <Typography variant="h5" component="h2">
                {t('create.title')}
              </Typography>
              <Typography color="text.secondary">{t('create.intro')}</Typography>
              <CreateBusinessForm
                submitLabel={t('onboarding.createAndContinue')}
                onCreated={() => setStep(1)}
              />
            </Stack>
          )}
          {step === 1 && business && (
            <Stack spacing={2}>
              <Typography variant="h5" component="h2">
                {t('onboarding.roomsTitle', { name: business.name })}
              </Typography>
              <Typography color="text.secondary">{t('onboarding.roomsIntro')}</Typography>
              <RoomTypesEditor business={business} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1 }}>
                {!hasRooms && <Button onClick={() => setStep(2)}>{t('onboarding.skip')}</Button>}
                <Button variant="contained" disabled={!hasRooms} onClick={() => setStep(2)}>
                  {t('onboarding.continue')}
                </Button>
              </Stack>
            </Stack>
          )}
          {step === 2 && (
            <EmptyState
              icon={CelebrationIcon}
              headingLevel="h2"
              title={t('onboarding.doneTitle')}
              body={hasRooms ? t('onboarding.doneBody') : t('onboarding.doneBodyNoRooms')}
              action={
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button
                    variant="contained"
                    component={Link}
                    to={hasRooms ? '/pricing-central/price-setup' : '/pricing-central/room-form'}
                    onClick={onDone}
                  >
                    {hasRooms ? t('onboarding.toPrices') : t('onboarding.toRooms')}
                  </Button>
                  <Button onClick={onDone}>{t('onboarding.close')}</Button>
                </Stack>
              }
            />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
