import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  importFormats,
  importModes,
  type TImportFormat,
  type TImportMode,
  type TImportPreview,
  type TRoomTariff,
} from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import type { ImportChoices } from '../../api/imports';
import { RoomMapping } from './RoomMapping';

/** A radio with a title and a sentence under it. */
function Choice({ value, title, body }: { value: string; title: string; body: ReactNode }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio />}
      sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
      label={
        <Stack spacing={0.25}>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {body}
          </Typography>
        </Stack>
      }
    />
  );
}

/**
 * What to import and how: the file's format (guessed from its columns), the hotel to keep (for
 * the public dataset, offered from the file's values), all-or-nothing or the valid rows, whether
 * unknown room codes become room types — with the room codes of the first rows checked against
 * the property's room types.
 */
export function ImportChoicesForm({
  preview,
  rooms,
  choices,
  onChange,
  hotelError,
}: {
  preview: TImportPreview;
  rooms: readonly TRoomTariff[];
  choices: ImportChoices;
  onChange: (patch: Partial<ImportChoices>) => void;
  hotelError?: string;
}) {
  const { t } = useTranslation('bookings');
  const intl = useIntl();
  const id = useId();
  const list = (items: readonly string[]) =>
    new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(items);

  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id={`${id}-format`}>{t('import.format.label')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-format`}
          value={choices.format}
          onChange={(event) => onChange({ format: event.target.value as TImportFormat })}
          sx={{ mt: 1 }}
        >
          {importFormats.map((format) => (
            <Choice
              key={format}
              value={format}
              title={t(`import.format.${format}.title`)}
              body={
                <>
                  {t(`import.format.${format}.body`)}
                  {preview.formatGuess === format && (
                    <>
                      {' '}
                      <strong>{t('import.format.guessed')}</strong>
                    </>
                  )}
                </>
              }
            />
          ))}
        </RadioGroup>
        {preview.formatGuess === null && (
          <Alert severity="warning" role="status" sx={{ mt: 1 }}>
            {t('import.format.unknown')}
          </Alert>
        )}
        {preview.missingColumns.length > 0 && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {t('import.format.missingColumns', { columns: list(preview.missingColumns) })}
          </Alert>
        )}
      </FormControl>

      {choices.format === 'hotel-booking-demand' && (
        <Autocomplete
          freeSolo
          options={preview.hotels}
          value={choices.hotel ?? ''}
          inputValue={choices.hotel ?? ''}
          onInputChange={(_, hotel) => onChange({ hotel })}
          onChange={(_, hotel) => onChange({ hotel: hotel ?? '' })}
          renderInput={(params) => (
            <TextField
              {...params}
              name="hotel"
              required
              label={t('import.hotel.label')}
              error={Boolean(hotelError)}
              helperText={
                hotelError ??
                (preview.hotels.length
                  ? t('import.hotel.help', { hotels: list(preview.hotels) })
                  : t('import.hotel.noneFound'))
              }
            />
          )}
        />
      )}

      <FormControl>
        <FormLabel id={`${id}-mode`}>{t('import.mode.label')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-mode`}
          value={choices.mode}
          onChange={(event) => onChange({ mode: event.target.value as TImportMode })}
          sx={{ mt: 1 }}
        >
          {importModes.map((mode) => (
            <Choice
              key={mode}
              value={mode}
              title={t(`import.mode.${mode}.title`)}
              body={t(`import.mode.${mode}.body`)}
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Stack spacing={1.5} component="section" aria-labelledby={`${id}-rooms`}>
        <Typography id={`${id}-rooms`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('import.rooms.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(preview.truncated ? 'import.rooms.introPart' : 'import.rooms.intro', {
            rows: intl.number(preview.sampledRows),
          })}
        </Typography>
        <RoomMapping
          codes={preview.roomCodes}
          rooms={rooms}
          createMissingRooms={choices.createMissingRooms}
        />
        <FormControl>
          <FormControlLabel
            control={
              <Switch
                checked={choices.createMissingRooms}
                onChange={(event) => onChange({ createMissingRooms: event.target.checked })}
              />
            }
            label={t('import.createRooms.label')}
          />
          <FormHelperText sx={{ marginInline: 0 }}>{t('import.createRooms.help')}</FormHelperText>
        </FormControl>
      </Stack>
    </Stack>
  );
}
