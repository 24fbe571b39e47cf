import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultRoomGuests,
  guestPricings,
  type TDerivedType,
  type TGuestAdjustment,
  type TGuestDefaults,
  type TGuestPricing,
  type TRoomGuests,
} from '@tarifa/contract';
import type { TFunction } from 'i18next';
import { useIntl, type Formatters } from '@/lib/intl';
import { numberText, parseNumberInput } from '@/lib/numbers';
import {
  draftOfPercentOrAmount,
  PercentOrAmountFields,
  type BoundField,
  type PercentOrAmountDraft,
} from './PercentOrAmountFields';

/** A guest above the standard occupancy, or one below it. */
type GuestChangeKind = 'extraGuest' | 'missingGuest';
const guestChangeKinds: readonly GuestChangeKind[] = ['extraGuest', 'missingGuest'];

/** A change per guest as the form holds it (the value as typed), the number then parsed. */
function guestAdjustmentOf(draft: PercentOrAmountDraft): TGuestAdjustment {
  return { type: draft.type, value: parseNumberInput(draft.value) as number };
}

/**
 * "+€25.00", "−15 %", or "no change" for 0: a change per guest, with its sign (`sign`: −1 for
 * what is taken away).
 */
function describeChange(
  t: TFunction,
  intl: Formatters,
  adjustment: { type: TDerivedType; value: number },
  currency: string,
  sign: 1 | -1 = 1,
): string {
  if (adjustment.value === 0) return t('guests.noChange');
  const value = sign * adjustment.value;
  return adjustment.type === 'percent'
    ? intl.number(value / 100, {
        style: 'percent',
        maximumFractionDigits: 2,
        signDisplay: 'always',
      })
    : intl.money(value, currency, { signDisplay: 'always' });
}

/**
 * What one guest above (or below) the standard occupancy changes: a group named `legend` with the
 * unit and the number; with `propertyDefault`, first the choice between the property's own change
 * (shown) and one of this room type's.
 */
function GuestChangeGroup({
  kind,
  currency,
  unit,
  value,
  propertyDefault,
}: {
  kind: GuestChangeKind;
  currency: string;
  unit: BoundField;
  value: BoundField;
  propertyDefault?: { change: string; own: boolean; onChange: (own: boolean) => void };
}) {
  const { t } = useTranslation('property');
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0, minInlineSize: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t(`guests.${kind}`)}
      </FormLabel>
      {propertyDefault && (
        <RadioGroup
          row
          value={propertyDefault.own ? 'own' : 'default'}
          onChange={(event) => propertyDefault.onChange(event.target.value === 'own')}
        >
          <FormControlLabel
            value="default"
            control={<Radio />}
            label={t('guests.propertyDefault', { change: propertyDefault.change })}
          />
          <FormControlLabel value="own" control={<Radio />} label={t('guests.own')} />
        </RadioGroup>
      )}
      {(!propertyDefault || propertyDefault.own) && (
        <PercentOrAmountFields
          currency={currency}
          label={t(kind === 'extraGuest' ? 'guests.adds' : 'guests.takesOff')}
          unit={unit}
          value={value}
        />
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// A room type's guests (the room type dialog)
// ---------------------------------------------------------------------------------------------

/** A room type's guests as its form holds them: numbers as typed, each change its own or not. */
export interface RoomGuestsValues {
  guestsStandard: string;
  guestsMax: string;
  guestPricing: TGuestPricing;
  extraGuestOwn: boolean;
  extraGuestType: TDerivedType;
  extraGuestValue: string;
  missingGuestOwn: boolean;
  missingGuestType: TDerivedType;
  missingGuestValue: string;
}

/** Where a contract path under a room type's `guests` lands on its form. */
export const roomGuestsFieldOf: Record<string, keyof RoomGuestsValues> = {
  guests: 'guestsStandard',
  'guests.standard': 'guestsStandard',
  'guests.max': 'guestsMax',
  'guests.pricing': 'guestPricing',
  'guests.extraGuest': 'extraGuestValue',
  'guests.extraGuest.type': 'extraGuestType',
  'guests.extraGuest.value': 'extraGuestValue',
  'guests.missingGuest': 'missingGuestValue',
  'guests.missingGuest.type': 'missingGuestType',
  'guests.missingGuest.value': 'missingGuestValue',
};

/**
 * A room type's guests as the owner types them back in `locale` (a new room type: the defaults).
 * A change of its own starts as stored; one left to the property starts blank, in the property's
 * unit.
 */
export function roomGuestsValues(
  guests: TRoomGuests | undefined,
  defaults: TGuestDefaults,
  locale: string,
): RoomGuestsValues {
  const stored = guests ?? defaultRoomGuests;
  const change = (kind: GuestChangeKind) => {
    const own = stored[kind];
    const draft = own
      ? draftOfPercentOrAmount(own, locale)
      : { type: defaults[kind].type, value: '' };
    return { own: own !== null, type: draft.type, value: draft.value };
  };
  const extra = change('extraGuest');
  const missing = change('missingGuest');
  return {
    guestsStandard: numberText(stored.standard),
    guestsMax: numberText(stored.max),
    guestPricing: stored.pricing,
    extraGuestOwn: extra.own,
    extraGuestType: extra.type,
    extraGuestValue: extra.value,
    missingGuestOwn: missing.own,
    missingGuestType: missing.type,
    missingGuestValue: missing.value,
  };
}

/**
 * The values as the rooms-tariff call takes a room type's `guests` (unparseable numbers stay NaN:
 * the schema refuses them). Priced per person, the changes per guest are not used: the stored ones
 * (`stored`) are kept.
 */
export function roomGuestsOf(values: RoomGuestsValues, stored: TRoomGuests | undefined) {
  const change = (kind: GuestChangeKind) => {
    if (values.guestPricing === 'per_person') return stored?.[kind] ?? null;
    if (!values[`${kind}Own`]) return null;
    return guestAdjustmentOf({ type: values[`${kind}Type`], value: values[`${kind}Value`] });
  };
  return {
    standard: parseNumberInput(values.guestsStandard) as number,
    max: parseNumberInput(values.guestsMax) as number,
    pricing: values.guestPricing,
    extraGuest: change('extraGuest'),
    missingGuest: change('missingGuest'),
  };
}

/**
 * A room type's guests: its standard occupancy (what the base price is for), the most it takes,
 * priced per room or per person, and per room what each guest above or below the standard
 * changes — the property's (shown) or its own.
 */
export function RoomGuestsFields({
  values,
  field,
  setValues,
  defaults,
  currency,
  idPrefix,
}: {
  values: RoomGuestsValues;
  field: (name: keyof RoomGuestsValues, options?: { helperText?: ReactNode }) => BoundField;
  setValues: (patch: Partial<RoomGuestsValues>) => void;
  /** The property's changes per guest (`settings.guests`). */
  defaults: TGuestDefaults;
  currency: string;
  idPrefix: string;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minInlineSize: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
        {t('guests.title')}
      </Typography>
      <Grid container spacing={2}>
        {(['standard', 'max'] as const).map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t(`guests.${name}`)}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...field(name === 'max' ? 'guestsMax' : 'guestsStandard', {
                helperText: t(`guests.${name}Help`),
              })}
            />
          </Grid>
        ))}
      </Grid>
      <Stack spacing={0.5}>
        <FormLabel id={`${idPrefix}-guest-pricing`}>{t('guests.pricing')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${idPrefix}-guest-pricing`}
          value={values.guestPricing}
          onChange={(event) => setValues({ guestPricing: event.target.value as TGuestPricing })}
        >
          {guestPricings.map((pricing) => (
            <FormControlLabel
              key={pricing}
              value={pricing}
              control={<Radio />}
              label={t(`guests.${pricing}`)}
            />
          ))}
        </RadioGroup>
      </Stack>
      {values.guestPricing === 'per_room' &&
        guestChangeKinds.map((kind) => (
          <GuestChangeGroup
            key={kind}
            kind={kind}
            currency={currency}
            unit={field(`${kind}Type`)}
            value={field(`${kind}Value`)}
            propertyDefault={{
              change: describeChange(
                t,
                intl,
                defaults[kind],
                currency,
                kind === 'extraGuest' ? 1 : -1,
              ),
              own: values[`${kind}Own`],
              onChange: (own) => setValues({ [`${kind}Own`]: own }),
            }}
          />
        ))}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// The property's changes per guest (price setup)
// ---------------------------------------------------------------------------------------------

/** The property's changes per guest as the settings form holds them. */
export type GuestDefaultsDraft = Record<GuestChangeKind, PercentOrAmountDraft>;

export function draftOfGuestDefaults(defaults: TGuestDefaults, locale: string): GuestDefaultsDraft {
  return {
    extraGuest: draftOfPercentOrAmount(defaults.extraGuest, locale),
    missingGuest: draftOfPercentOrAmount(defaults.missingGuest, locale),
  };
}

export function guestDefaultsOfDraft(draft: GuestDefaultsDraft): TGuestDefaults {
  return {
    extraGuest: guestAdjustmentOf(draft.extraGuest),
    missingGuest: guestAdjustmentOf(draft.missingGuest),
  };
}

/**
 * Price setup's guests: what each guest above a room type's standard occupancy adds, and each guest
 * below it takes away, for the room types priced per room that have no change of their own.
 */
export function GuestDefaultsFields({
  draft,
  onChange,
  errorAt,
  currency,
}: {
  draft: GuestDefaultsDraft;
  onChange: (next: GuestDefaultsDraft) => void;
  /** The error of a field, by its path under `guests`. */
  errorAt: (path: string) => string | undefined;
  currency: string;
}) {
  const bound = (kind: GuestChangeKind, part: keyof PercentOrAmountDraft): BoundField => {
    const error = errorAt(`${kind}.${part}`);
    return {
      value: draft[kind][part],
      onChange: (event) =>
        onChange({ ...draft, [kind]: { ...draft[kind], [part]: event.target.value } }),
      error: error !== undefined,
      helperText: error,
    };
  };
  return (
    <Grid container spacing={3}>
      {guestChangeKinds.map((kind) => (
        <Grid key={kind} size={{ xs: 12, sm: 6 }}>
          <GuestChangeGroup
            kind={kind}
            currency={currency}
            unit={bound(kind, 'type')}
            value={bound(kind, 'value')}
          />
        </Grid>
      ))}
    </Grid>
  );
}
