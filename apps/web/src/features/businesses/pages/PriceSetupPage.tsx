import BedIcon from '@mui/icons-material/KingBedOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ZRoomsTariffBody,
  type TBusiness,
  type TRoomTariffFields,
  type TTariffSettings,
} from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { PricePreviewSummary } from '@/components/PricePreviewSummary';
import { useChangePreview } from '@/api/prices';
import { EngineNightPanel } from '../components/EngineNightPanel';
import { ExamplePricePanel } from '../components/ExamplePricePanel';
import { RatePlansCard } from '../components/RatePlansCard';
import { RequireBusiness } from '../components/RequireBusiness';
import { draftOf, RoomPricesForm, withDraftPrices } from '../components/RoomPricesForm';
import {
  TariffSettingsForm,
  validSettings,
  type SettingsDraft,
} from '../components/TariffSettingsForm';
import { UnsavedChangesGuard } from '@/components/UnsavedChangesGuard';
import { useIntl } from '@/lib/intl';
import { roomsOf } from '../utils/rooms';

function PriceSetup({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const { locale } = useIntl();
  const rooms = roomsOf(business);
  const stored = business.tariffConfiguration.settings as TTariffSettings;
  const [draftRooms, setDraftRooms] = useState<TRoomTariffFields[]>(() =>
    withDraftPrices(rooms, draftOf(rooms, locale)),
  );
  const [settings, setSettings] = useState<TTariffSettings>(stored);
  // The settings on screen when they are valid (the example keeps the last valid ones).
  const [settingsValid, setSettingsValid] = useState(true);
  const [roomsDirty, setRoomsDirty] = useState(false);
  const [settingsDirty, setSettingsDirty] = useState(false);
  // What each form's change would do to the recommended prices, asked only for a valid change.
  const roomsValid = ZRoomsTariffBody.safeParse({ roomsTariff: draftRooms }).success;
  const roomsPreview = useChangePreview(
    business,
    roomsDirty && roomsValid ? { kind: 'roomsTariff', roomsTariff: draftRooms } : null,
  );
  const settingsPreview = useChangePreview(
    business,
    settingsDirty && settingsValid ? { kind: 'settings', settings } : null,
  );
  const exampleRooms = draftRooms.filter((room): room is TRoomTariffFields & { uuid: string } =>
    Boolean(room.uuid),
  );

  if (rooms.length === 0)
    return (
      <Card>
        <EmptyState
          icon={BedIcon}
          headingLevel="h2"
          title={t('prices.noRoomsTitle')}
          body={t('prices.noRoomsBody')}
          action={
            <Button variant="contained" component={Link} to="/pricing-central/room-form">
              {t('prices.toRooms')}
            </Button>
          }
        />
      </Card>
    );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={3}>
          <RoomPricesForm
            key={JSON.stringify(business.tariffConfiguration.roomsTariff)}
            business={business}
            onDraftChange={setDraftRooms}
            onDirtyChange={setRoomsDirty}
            preview={<PricePreviewSummary {...roomsPreview} />}
          />
          <TariffSettingsForm
            key={JSON.stringify(stored)}
            business={business}
            samplePrice={rooms.find((room) => !room.derivedFrom)?.basePrice}
            onDraftChange={(draft: SettingsDraft) => {
              const valid = validSettings(draft);
              setSettingsValid(Boolean(valid));
              if (valid) setSettings(valid);
            }}
            onDirtyChange={setSettingsDirty}
            preview={<PricePreviewSummary {...settingsPreview} />}
          />
          <RatePlansCard business={business} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={3}>
          <EngineNightPanel business={business} />
          <ExamplePricePanel
            rooms={exampleRooms}
            settings={settings}
            currency={business.currency}
          />
        </Stack>
      </Grid>
      <UnsavedChangesGuard when={roomsDirty || settingsDirty} />
    </Grid>
  );
}

/** `/pricing-central/price-setup`: prices per room type and the rules that move them. */
export default function PriceSetupPage() {
  const { t } = useTranslation('property');
  return (
    <RequireBusiness>
      {(business) => (
        <Stack spacing={3}>
          <div>
            <Typography variant="h4" component="h1">
              {t('prices.pageTitle')}
            </Typography>
            <Typography color="text.secondary">
              {t('prices.pageIntro', { name: business.name })}
            </Typography>
          </div>
          <PriceSetup key={business.uuid} business={business} />
        </Stack>
      )}
    </RequireBusiness>
  );
}
