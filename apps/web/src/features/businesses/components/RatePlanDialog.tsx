import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  boards,
  cancellationPolicies,
  toFieldIssues,
  ZRatePlanFields,
  type TBusiness,
  type TRatePlan,
  type TRatePlanFields,
} from '@tarifa/contract';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { onFormFields, useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { amountText, currencySymbol, numberText, parseNumberInput } from '@/lib/numbers';
import { useSaveRatePlan } from '../api/ratePlans';
import { roomsOf } from '../utils/rooms';
import { MoneyField } from './MoneyField';

/** The form's fields, as typed (text for numbers). */
interface RatePlanFormValues {
  name: string;
  code: string;
  derivedFrom: string;
  adjustmentType: 'percent' | 'amount';
  adjustmentValue: string;
  board: TRatePlanFields['board'] & string;
  boardPricePerGuest: string;
  cancellationPolicy: TRatePlanFields['cancellationPolicy'] & string;
  roomUuids: string[];
  minPrice: string;
  maxPrice: string;
  minStay: string;
  active: boolean;
}

/** Where a contract path lands on this form. */
const fieldOf: Record<string, keyof RatePlanFormValues> = {
  'adjustment.value': 'adjustmentValue',
  'adjustment.type': 'adjustmentType',
  adjustment: 'adjustmentValue',
};
const renameField = (path: string) =>
  fieldOf[path] ?? (path.startsWith('roomUuids.') ? 'roomUuids' : path);

/** Blank optional numbers are null; anything else as typed (the schema says what is wrong). */
const optional = (text: string) => (text.trim() === '' ? null : parseNumberInput(text));

function toFields(values: RatePlanFormValues, base: boolean): TRatePlanFields {
  return {
    name: values.name,
    code: values.code,
    derivedFrom: base ? null : values.derivedFrom || null,
    adjustment: base
      ? { type: 'percent', value: 0 }
      : ({
          type: values.adjustmentType,
          value: parseNumberInput(values.adjustmentValue),
        } as TRatePlanFields['adjustment']),
    board: values.board,
    boardPricePerGuest:
      values.board === 'RO' ? 0 : (parseNumberInput(values.boardPricePerGuest) as number),
    cancellationPolicy: values.cancellationPolicy,
    roomUuids: values.roomUuids,
    minPrice: base ? null : (optional(values.minPrice) as number | null),
    maxPrice: base ? null : (optional(values.maxPrice) as number | null),
    minStay: optional(values.minStay) as number | null,
    active: base ? true : values.active,
  };
}

/** The form's schema: the contract's, its issues moved to this form's fields. */
function formSchema(base: boolean) {
  return z.custom<RatePlanFormValues>().transform((values, ctx) => {
    const result = ZRatePlanFields.safeParse(toFields(values, base));
    if (result.success) return result.data;
    for (const issue of toFieldIssues(result.error)) {
      ctx.addIssue({
        code: 'custom',
        path: [renameField(issue.path)],
        message: issue.message,
        params: { ...issue.params, code: issue.code },
      });
    }
    return z.NEVER;
  });
}

function initialValues(
  plan: TRatePlan | undefined,
  parent: string,
  locale: string,
): RatePlanFormValues {
  return {
    name: plan?.name ?? '',
    code: plan?.code ?? '',
    derivedFrom: plan ? (plan.derivedFrom ?? '') : parent,
    adjustmentType: plan?.adjustment.type ?? 'percent',
    adjustmentValue: numberText(plan?.adjustment.value ?? (plan ? 0 : -10), locale),
    board: plan?.board ?? 'RO',
    boardPricePerGuest: amountText(plan?.boardPricePerGuest ?? 0, locale),
    cancellationPolicy: plan?.cancellationPolicy ?? 'flexible',
    roomUuids: plan?.roomUuids ?? [],
    minPrice: amountText(plan?.minPrice, locale),
    maxPrice: amountText(plan?.maxPrice, locale),
    minStay: numberText(plan?.minStay, locale),
    active: plan?.active ?? true,
  };
}

/** The plans `plan` may derive from: any other, except those derived from it (a cycle). */
function possibleParents(plans: readonly TRatePlan[], plan: TRatePlan | undefined) {
  if (!plan) return plans;
  const below = new Set([plan.uuid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of plans) {
      if (p.derivedFrom && below.has(p.derivedFrom) && !below.has(p.uuid)) {
        below.add(p.uuid);
        grew = true;
      }
    }
  }
  return plans.filter((p) => !below.has(p.uuid));
}

/**
 * Adds or edits a rate plan (docs/rate-plans.md): what it is called, the plan it derives from and
 * by how much, its board and price per guest, its cancellation policy, the room types it is sold
 * for, its own bounds and minimum stay. The base plan keeps the engine's price: only what it is
 * called, its board, policy, room types and minimum stay are its owner's.
 */
export function RatePlanDialog({
  business,
  plans,
  plan,
  open,
  onClose,
}: {
  business: TBusiness;
  plans: readonly TRatePlan[];
  /** The plan to edit; none to add one. */
  plan?: TRatePlan;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const titleId = useId();
  const save = useSaveRatePlan();
  const base = plan?.base ?? false;
  const parents = possibleParents(plans, plan);
  const rooms = roomsOf(business);
  const currency = business.currency;
  const firstParent = plans.find((p) => p.base)?.uuid ?? '';

  const form = useZodForm({
    schema: formSchema(base),
    initialValues: initialValues(plan, firstParent, intl.locale),
    onSubmit: async (ratePlan) => {
      try {
        await save.mutateAsync({
          businessUuid: business.uuid,
          ratePlanUuid: plan?.uuid,
          ratePlan,
          version: business.version,
        });
      } catch (error) {
        throw onFormFields(error, 'ratePlan.', renameField);
      }
      onClose();
    },
  });
  const values = form.values as RatePlanFormValues;
  const dirty =
    JSON.stringify(values) !== JSON.stringify(initialValues(plan, firstParent, intl.locale));

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
        {plan ? t('ratePlans.editTitle', { name: plan.name }) : t('ratePlans.addTitle')}
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
                label={t('ratePlans.name')}
                required
                fullWidth
                autoFocus
                {...form.field('name')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label={t('ratePlans.code')}
                required
                fullWidth
                {...form.field('code', { helperText: t('ratePlans.codeHelp') })}
              />
            </Grid>
          </Grid>
          {!base && (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  label={t('ratePlans.derivedFrom')}
                  required
                  fullWidth
                  {...form.field('derivedFrom')}
                >
                  {parents.map((p) => (
                    <MenuItem key={p.uuid} value={p.uuid}>
                      {p.name} ({p.code})
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 5, sm: 2 }}>
                <TextField
                  select
                  label={t('ratePlans.adjustmentType')}
                  fullWidth
                  {...form.field('adjustmentType')}
                >
                  <MenuItem value="percent">%</MenuItem>
                  <MenuItem value="amount">{currencySymbol(intl.locale, currency)}</MenuItem>
                </TextField>
              </Grid>
              <Grid size={{ xs: 7, sm: 4 }}>
                <TextField
                  label={t('ratePlans.adjustment')}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  {...form.field('adjustmentValue', { helperText: t('ratePlans.adjustmentHelp') })}
                />
              </Grid>
            </Grid>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: values.board === 'RO' ? 6 : 4 }}>
              <TextField select label={t('ratePlans.board')} fullWidth {...form.field('board')}>
                {boards.map((board) => (
                  <MenuItem key={board} value={board}>
                    {t(`common:board.${board}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {values.board !== 'RO' && (
              <Grid size={{ xs: 12, sm: 4 }}>
                <MoneyField
                  currency={currency}
                  label={t('ratePlans.boardPricePerGuest')}
                  fullWidth
                  {...form.field('boardPricePerGuest', {
                    helperText: t('ratePlans.boardPricePerGuestHelp'),
                  })}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: values.board === 'RO' ? 6 : 4 }}>
              <TextField
                select
                label={t('ratePlans.cancellationPolicy')}
                fullWidth
                {...form.field('cancellationPolicy')}
              >
                {cancellationPolicies.map((policy) => (
                  <MenuItem key={policy} value={policy}>
                    {t(`common:cancellationPolicy.${policy}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
          <TextField
            select
            label={t('ratePlans.rooms')}
            fullWidth
            {...form.field('roomUuids', { helperText: t('ratePlans.roomsHelp') })}
            value={values.roomUuids}
            onChange={(event) =>
              form.setValue('roomUuids', event.target.value as unknown as string[])
            }
            slotProps={{
              select: {
                multiple: true,
                displayEmpty: true,
                renderValue: (selected) => {
                  const uuids = selected as string[];
                  if (uuids.length === 0) return t('ratePlans.allRooms');
                  return new Intl.ListFormat(intl.locale).format(
                    rooms.filter((room) => uuids.includes(room.uuid)).map((room) => room.name),
                  );
                },
              },
              inputLabel: { shrink: true },
            }}
          >
            {rooms.map((room) => (
              <MenuItem key={room.uuid} value={room.uuid}>
                {room.name}
              </MenuItem>
            ))}
          </TextField>
          <Grid container spacing={2}>
            {!base && (
              <>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <MoneyField
                    currency={currency}
                    label={t('ratePlans.minPrice')}
                    fullWidth
                    {...form.field('minPrice', { helperText: t('ratePlans.optional') })}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <MoneyField
                    currency={currency}
                    label={t('ratePlans.maxPrice')}
                    fullWidth
                    {...form.field('maxPrice', { helperText: t('ratePlans.optional') })}
                  />
                </Grid>
              </>
            )}
            <Grid size={{ xs: 12, sm: base ? 12 : 4 }}>
              <TextField
                label={t('ratePlans.minStay')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...form.field('minStay', { helperText: t('ratePlans.optional') })}
              />
            </Grid>
          </Grid>
          {!base && (
            <FormControlLabel
              control={
                <Switch
                  checked={values.active}
                  onChange={(event) => form.setValue('active', event.target.checked)}
                />
              }
              label={t('ratePlans.active')}
            />
          )}
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
          {plan ? t('actions.save') : t('ratePlans.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
