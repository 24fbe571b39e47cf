import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ZRoomTariffFields,
  ZRoomsTariffBody,
  toFieldIssues,
  type TBusiness,
  type TGuestDefaults,
  type TRoomTariff,
  type TRoomTariffFields,
} from '@tarifa/contract';
import { ApiError } from '@/lib/api';
import { useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useSaveRoomsTariff } from '../api';
import { derivedPrice } from '../utils/examplePrice';
import { amountText, currencySymbol, numberText, parseNumberInput } from '@/lib/numbers';
import { childrenOf, forRoomForm, roomsOf, toRoomInput } from '../utils/rooms';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { DerivedExplanation } from './DerivedExplanation';
import {
  roomGuestsFieldOf,
  RoomGuestsFields,
  roomGuestsOf,
  roomGuestsValues,
  type RoomGuestsValues,
} from './GuestFields';
import { MoneyField } from './MoneyField';

/**
 * The form's fields: as typed (text), with the parent of a derived room type and the guests
 * flattened.
 */
interface RoomFormValues extends RoomGuestsValues {
  name: string;
  code: string;
  rooms: string;
  pricing: 'own' | 'derived';
  basePrice: string;
  minPrice: string;
  maxPrice: string;
  parentUuid: string;
  offsetType: 'percent' | 'amount';
  offsetValue: string;
}

/** Where a contract path lands on this form. */
const fieldOf: Record<string, keyof RoomFormValues> = {
  'derivedFrom.roomUuid': 'parentUuid',
  'derivedFrom.roomCode': 'parentUuid',
  'derivedFrom.value': 'offsetValue',
  'derivedFrom.type': 'offsetType',
  derivedFrom: 'parentUuid',
  ...roomGuestsFieldOf,
};
const renameField = (path: string) => fieldOf[path] ?? path;

/** The values as the rooms-tariff call takes them (a derived room's base price follows its parent). */
function toInput(values: RoomFormValues, rooms: TRoomTariff[], uuid?: string): TRoomTariffFields {
  const num = (text: string) => parseNumberInput(text) as number;
  const derived = values.pricing === 'derived';
  const parent = derived ? rooms.find((room) => room.uuid === values.parentUuid) : undefined;
  const offset = { type: values.offsetType, value: num(values.offsetValue) };
  const stored = uuid ? rooms.find((room) => room.uuid === uuid) : undefined;
  return {
    ...(uuid ? { uuid } : {}),
    name: values.name,
    code: values.code,
    rooms: num(values.rooms),
    basePrice:
      derived && parent && typeof offset.value === 'number'
        ? derivedPrice(parent.basePrice, offset)
        : num(values.basePrice),
    minPrice: num(values.minPrice),
    maxPrice: num(values.maxPrice),
    derivedFrom: derived
      ? { roomUuid: values.parentUuid || undefined, type: offset.type, value: offset.value }
      : null,
    guests: roomGuestsOf(values, stored?.guests),
  };
}

/** The form's schema: the shared room-type schema, its issues moved to this form's fields. */
function formSchema(rooms: TRoomTariff[], uuid?: string) {
  return z.custom<RoomFormValues>().transform((values, ctx) => {
    const derived = values.pricing === 'derived';
    const result = ZRoomTariffFields.safeParse(toInput(values, rooms, uuid));
    if (result.success) return result.data;
    for (const issue of toFieldIssues(result.error)) {
      // A derived room's base price is computed from the offset: its trouble is the offset's.
      const path = derived && issue.path === 'basePrice' ? 'offsetValue' : renameField(issue.path);
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: issue.message,
        params: { ...issue.params, code: issue.code },
      });
    }
    return z.NEVER;
  });
}

/**
 * The room type's values as the owner types them back in `locale` ("89,50" in Portuguese);
 * `guestDefaults`, the property's changes per guest, give a change of its own its first unit.
 */
function initialValues(
  room: TRoomTariff | undefined,
  guestDefaults: TGuestDefaults,
  locale: string,
): RoomFormValues {
  return {
    name: room?.name ?? '',
    code: room?.code ?? '',
    rooms: numberText(room?.rooms),
    pricing: room?.derivedFrom ? 'derived' : 'own',
    basePrice: amountText(room?.basePrice, locale),
    minPrice: amountText(room?.minPrice, locale),
    maxPrice: amountText(room?.maxPrice, locale),
    parentUuid: room?.derivedFrom?.roomUuid ?? '',
    offsetType: room?.derivedFrom?.type ?? 'percent',
    offsetValue: numberText(room?.derivedFrom?.value, locale),
    ...roomGuestsValues(room?.guests, guestDefaults, locale),
  };
}

/**
 * Adds or edits one room type: name, code, how many rooms of it there are, and its prices — its
 * own base/min/max, or following another room type's price with a percent or amount offset
 * (explained with a live example) — and its guests. Saving sends the whole list with the
 * rooms-tariff call.
 */
export function RoomTypeDialog({
  business,
  room,
  open,
  onClose,
}: {
  business: TBusiness;
  /** The room type to edit; none to add one. */
  room?: TRoomTariff;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const titleId = useId();
  const rooms = roomsOf(business);
  const save = useSaveRoomsTariff({ errors: 'form' });
  const parents = rooms.filter((r) => !r.derivedFrom && r.uuid !== room?.uuid);
  const followers = childrenOf(rooms, room?.uuid);
  const currency = business.currency;
  const symbol = currencySymbol(intl.locale, currency);
  const guestDefaults = business.tariffConfiguration.settings.guests;

  const form = useZodForm({
    schema: formSchema(rooms, room?.uuid),
    initialValues: initialValues(room, guestDefaults, intl.locale),
    onSubmit: async (data) => {
      const index = room ? rooms.findIndex((r) => r.uuid === room.uuid) : rooms.length;
      const list: TRoomTariffFields[] = rooms.map(toRoomInput);
      list.splice(index, room ? 1 : 0, data);
      const checked = ZRoomsTariffBody.safeParse({ roomsTariff: list });
      if (!checked.success) {
        const details = toFieldIssues(checked.error);
        throw forRoomForm(new ApiError(400, 'validation_failed', '', details), index, renameField);
      }
      try {
        await save.mutateAsync({
          uuid: business.uuid,
          roomsTariff: list,
          version: business.version,
        });
      } catch (error) {
        throw forRoomForm(error, index, renameField);
      }
      onClose();
    },
  });
  const values = form.values as RoomFormValues;
  const dirty =
    JSON.stringify(values) !== JSON.stringify(initialValues(room, guestDefaults, intl.locale));
  const derived = values.pricing === 'derived';
  const parent = parents.find((p) => p.uuid === values.parentUuid);
  const offsetValue = parseNumberInput(values.offsetValue);
  const money = (label: string, name: 'basePrice' | 'minPrice' | 'maxPrice', help: string) => (
    <MoneyField
      currency={currency}
      label={label}
      required
      fullWidth
      {...form.field(name, { helperText: help })}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={(_, reason) => {
        if (!(dirty && reason === 'backdropClick')) onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {room ? t('rooms.editTitle', { name: room.name }) : t('rooms.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          spacing={2.5}
          sx={{ pt: 1 }}
          {...form.formProps}
        >
          <BusinessErrorAlert error={form.formError} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                label={t('rooms.name')}
                required
                fullWidth
                autoFocus
                {...form.field('name', { helperText: t('rooms.nameHelp') })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label={t('rooms.code')}
                required
                fullWidth
                {...form.field('code', { helperText: t('rooms.codeHelp') })}
              />
            </Grid>
          </Grid>
          <TextField
            label={t('rooms.inventory')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...form.field('rooms', { helperText: t('rooms.inventoryHelp') })}
          />

          <Stack spacing={1}>
            <FormLabel id={`${titleId}-pricing`}>{t('rooms.pricing')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-pricing`}
              value={values.pricing}
              onChange={(event) =>
                form.setValue('pricing', event.target.value as RoomFormValues['pricing'])
              }
            >
              <FormControlLabel value="own" control={<Radio />} label={t('rooms.pricingOwn')} />
              <FormControlLabel
                value="derived"
                control={<Radio />}
                disabled={parents.length === 0 || followers.length > 0}
                label={t('rooms.pricingDerived')}
              />
            </RadioGroup>
            {parents.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('rooms.derivedNeedsParent')}
              </Typography>
            )}
            {followers.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('rooms.hasFollowers', {
                  names: new Intl.ListFormat(intl.locale).format(followers.map((f) => f.name)),
                })}
              </Typography>
            )}
          </Stack>

          {derived ? (
            <>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    label={t('rooms.parent')}
                    required
                    fullWidth
                    {...form.field('parentUuid')}
                  >
                    {parents.map((p) => (
                      <MenuItem key={p.uuid} value={p.uuid}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <TextField
                    select
                    label={t('rooms.offsetType')}
                    fullWidth
                    {...form.field('offsetType')}
                  >
                    <MenuItem value="percent">%</MenuItem>
                    <MenuItem value="amount">{symbol}</MenuItem>
                  </TextField>
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <TextField
                    label={t('rooms.offset')}
                    required
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    {...form.field('offsetValue', { helperText: t('rooms.offsetHelp') })}
                  />
                </Grid>
              </Grid>
              {parent && typeof offsetValue === 'number' && !Number.isNaN(offsetValue) && (
                <DerivedExplanation
                  name={values.name || t('rooms.thisRoom')}
                  parent={parent}
                  offset={{ type: values.offsetType, value: offsetValue }}
                  currency={currency}
                />
              )}
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {money(t('prices.min'), 'minPrice', t('prices.minHelp'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {money(t('prices.max'), 'maxPrice', t('prices.maxHelp'))}
                </Grid>
              </Grid>
            </>
          ) : (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                {money(t('prices.base'), 'basePrice', t('prices.baseHelp'))}
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                {money(t('prices.min'), 'minPrice', t('prices.minHelp'))}
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                {money(t('prices.max'), 'maxPrice', t('prices.maxHelp'))}
              </Grid>
            </Grid>
          )}

          <RoomGuestsFields
            values={values}
            field={form.field}
            setValues={form.setValues}
            defaults={guestDefaults}
            currency={currency}
            idPrefix={titleId}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.submitting}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          loading={form.submitting}
        >
          {room ? t('actions.save') : t('rooms.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
