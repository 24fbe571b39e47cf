import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  businessLimits,
  occupancyBases,
  toFieldIssues,
  ZSettingsBody,
  weekdays,
  type TBusiness,
  type TOccupancyBasis,
  type TRoundingMode,
  type TTariffSettings,
  type TWeekday,
} from '@tarifa/contract';
import { useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useHasFeature } from '@/api/plans';
import { PlanHint } from '@/components/plans/PlanHint';
import { useSaveSettings } from '../api';
import { ApprovalChoice } from './ApprovalChoice';
import { RuleRow } from './RuleRow';
import { roundPrice, withPercent } from '../utils/examplePrice';
import { numberText, parseNumberInput } from '@/lib/numbers';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import {
  draftOfRestrictions,
  restrictionsOfDraft,
  StayRestrictionsFields,
  type RestrictionsDraft,
} from './StayRestrictionsSection';
import {
  draftOfGuestDefaults,
  GuestDefaultsFields,
  guestDefaultsOfDraft,
  type GuestDefaultsDraft,
} from './GuestFields';
import {
  asDiscountIssue,
  draftOfLengthOfStay,
  LengthOfStayFields,
  lengthOfStayOfDraft,
  withDiscountIssues,
  type LengthOfStayRuleDraft,
} from './LengthOfStaySection';

/** The settings as the form holds them: numbers as typed. */
export interface SettingsDraft {
  weekdayAdjustments: Record<TWeekday, string>;
  leadTimeRules: { key: number; fromDays: string; toDays: string; adjustmentPercent: string }[];
  rounding: { mode: TRoundingMode; ending: string };
  autoApprove: boolean;
  /** Nights ahead, as typed. */
  horizonDays: string;
  occupancyBasis: TOccupancyBasis;
  restrictions: RestrictionsDraft;
  /** Percent from the recommendation a manual price may move unasked, as typed. */
  manualPriceWarnPercent: string;
  /** The property's changes per guest, as typed. */
  guests: GuestDefaultsDraft;
  /** Length-of-stay rules, each adjustment typed as a discount (8: 8 % off). */
  lengthOfStay: LengthOfStayRuleDraft[];
}

/** The stored settings as the owner types them back (amounts and percents in `locale`). */
function draftOfSettings(
  settings: TBusiness['tariffConfiguration']['settings'],
  locale: string,
): SettingsDraft {
  return {
    weekdayAdjustments: Object.fromEntries(
      weekdays.map((day) => [day, numberText(settings.weekdayAdjustments[day])]),
    ) as Record<TWeekday, string>,
    leadTimeRules: settings.leadTimeRules.map((rule, key) => ({
      key,
      fromDays: numberText(rule.fromDays),
      toDays: numberText(rule.toDays),
      adjustmentPercent: numberText(rule.adjustmentPercent),
    })),
    rounding: { mode: settings.rounding.mode, ending: numberText(settings.rounding.ending ?? 9) },
    autoApprove: settings.autoApprove,
    horizonDays: numberText(settings.horizonDays),
    occupancyBasis: settings.occupancyBasis,
    restrictions: draftOfRestrictions(settings.restrictions),
    manualPriceWarnPercent: numberText(settings.manualPriceWarnPercent),
    guests: draftOfGuestDefaults(settings.guests, locale),
    lengthOfStay: draftOfLengthOfStay(settings.lengthOfStay, locale),
  };
}

/** The draft as `PUT …/settings` takes it (unparseable numbers stay NaN: the schema refuses them). */
function settingsOfDraft(draft: SettingsDraft) {
  const num = (text: string) => parseNumberInput(text) as number;
  return {
    weekdayAdjustments: Object.fromEntries(
      weekdays.map((day) => [day, num(draft.weekdayAdjustments[day]) ?? 0]),
    ) as Record<TWeekday, number>,
    leadTimeRules: draft.leadTimeRules.map((rule) => ({
      fromDays: num(rule.fromDays),
      toDays: num(rule.toDays),
      adjustmentPercent: num(rule.adjustmentPercent),
    })),
    rounding:
      draft.rounding.mode === 'ending'
        ? { mode: draft.rounding.mode, ending: num(draft.rounding.ending) }
        : { mode: draft.rounding.mode },
    autoApprove: draft.autoApprove,
    horizonDays: num(draft.horizonDays),
    occupancyBasis: draft.occupancyBasis,
    restrictions: restrictionsOfDraft(draft.restrictions),
    manualPriceWarnPercent: num(draft.manualPriceWarnPercent),
    guests: guestDefaultsOfDraft(draft.guests),
    lengthOfStay: lengthOfStayOfDraft(draft.lengthOfStay),
  };
}

/**
 * The form's values (`{settings: draft}`) → the request's `{settings}`: the draft's numbers parsed,
 * then checked by the contract's settings schema. Issues are at `settings.<field>`, as the API's
 * (a length-of-stay discount's as its field shows them).
 */
const settingsFormSchema = z.object({
  settings: z.custom<SettingsDraft>().transform((draft, ctx) => {
    const result = ZSettingsBody.shape.settings.safeParse(settingsOfDraft(draft));
    if (result.success) return result.data;
    for (const issue of toFieldIssues(result.error).map(asDiscountIssue)) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path.split('.'),
        message: issue.message,
        params: { ...issue.params, code: issue.code },
      });
    }
    return z.NEVER;
  }),
});

/** The parsed settings when the draft is valid (for the live example), else undefined. */
export function validSettings(draft: SettingsDraft): TTariffSettings | undefined {
  const result = ZSettingsBody.safeParse({ settings: settingsOfDraft(draft) });
  return result.success ? (result.data.settings as TTariffSettings) : undefined;
}

function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minInlineSize: 0 }}>
      <div>
        <Typography variant="h6" component="legend">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      </div>
      {children}
    </Stack>
  );
}

const percentAdornment = { endAdornment: <InputAdornment position="end">%</InputAdornment> };

/**
 * The pricing rules of the property: weekday adjustments (weekday names from Intl), lead-time
 * rules, rounding, auto-approve and the occupancy basis — each with what it does to a sample price
 * (`samplePrice`, the first room type's base). All saved together (settings call).
 */
export function TariffSettingsForm({
  business,
  samplePrice,
  onDraftChange,
  onDirtyChange,
  preview,
}: {
  business: TBusiness;
  samplePrice?: number;
  onDraftChange?: (draft: SettingsDraft) => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** What the rules on screen would do to the recommended prices, shown above the buttons. */
  preview?: ReactNode;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const save = useSaveSettings({ errors: 'form' });
  // Pro settings can be switched off on any plan, and on only on a plan that has them.
  const canForecast = useHasFeature('forecast');
  const [initial] = useState(() =>
    draftOfSettings(business.tariffConfiguration.settings, intl.locale),
  );
  const form = useZodForm({
    schema: settingsFormSchema,
    initialValues: { settings: initial },
    onSubmit: async ({ settings }) => {
      try {
        await save.mutateAsync({ uuid: business.uuid, settings, version: business.version });
      } catch (error) {
        throw withDiscountIssues(error);
      }
      onDirtyChange?.(false);
    },
  });
  const draft = form.values.settings;
  const nextKey = useRef(initial.leadTimeRules.length);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  // Shown afresh (first time, after a save or a reload): nothing is pending.
  useEffect(() => {
    onDirtyChange?.(false);
    onDraftChange?.(initial);
    // Once per mount: the host keys this form by the stored settings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const dayNames = intl.weekdays('long');
  const money = (value: number) => intl.money(value, business.currency);

  /** The host hears of every draft, and whether it differs from the stored settings. */
  const setDraft = (next: SettingsDraft) => {
    form.setValue('settings', next);
    onDraftChange?.(next);
    onDirtyChange?.(JSON.stringify(next) !== JSON.stringify(initial));
  };
  /** What a field shows under it: its error (paths as the API's: `settings.rounding.ending`). */
  const errorAt = (path: string) => form.errorFor(`settings.${path}`);
  const hasError = (path: string) => Boolean(form.errors[`settings.${path}`]);

  /** "→ €110.00" under a percent field, on the sample price. */
  const effect = (text: string) => {
    const percent = parseNumberInput(text);
    if (samplePrice === undefined || typeof percent !== 'number' || !percent) return undefined;
    return t('settings.effect', {
      from: money(samplePrice),
      to: money(withPercent(samplePrice, percent)),
    });
  };

  const roundingSample = samplePrice === undefined ? 97.43 : withPercent(samplePrice, 7.43);
  const endingNumber = parseNumberInput(draft.rounding.ending);

  return (
    <Card component="form" {...form.formProps} aria-labelledby="tariff-settings-title">
      <CardContent>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <div>
            <Typography id="tariff-settings-title" variant="h5" component="h2">
              {t('settings.title')}
            </Typography>
            <Typography color="text.secondary">{t('settings.intro')}</Typography>
            <BusinessErrorAlert error={form.formError} />
          </div>

          <Section title={t('settings.weekdays.title')} intro={t('settings.weekdays.intro')}>
            <Grid container spacing={2}>
              {weekdays.map((day, i) => {
                const path = `weekdayAdjustments.${day}`;
                return (
                  <Grid key={day} size={{ xs: 6, sm: 4, md: 3 }}>
                    <TextField
                      label={dayNames[i]}
                      fullWidth
                      size="small"
                      value={draft.weekdayAdjustments[day]}
                      onChange={(event) => {
                        setDraft({
                          ...draft,
                          weekdayAdjustments: {
                            ...draft.weekdayAdjustments,
                            [day]: event.target.value,
                          },
                        });
                      }}
                      error={hasError(path)}
                      helperText={errorAt(path) ?? effect(draft.weekdayAdjustments[day])}
                      slotProps={{ htmlInput: { inputMode: 'decimal' }, input: percentAdornment }}
                    />
                  </Grid>
                );
              })}
            </Grid>
          </Section>

          <Section title={t('settings.leadTime.title')} intro={t('settings.leadTime.intro')}>
            {draft.leadTimeRules.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('settings.leadTime.none')}
              </Typography>
            )}
            {draft.leadTimeRules.map((rule, i) => {
              const update = (patch: Partial<typeof rule>) => {
                setDraft({
                  ...draft,
                  leadTimeRules: draft.leadTimeRules.map((r, j) =>
                    j === i ? { ...r, ...patch } : r,
                  ),
                });
              };
              const path = (name: string) => `leadTimeRules.${i}.${name}`;
              return (
                <RuleRow
                  key={rule.key}
                  label={t('settings.leadTime.rule', { n: i + 1 })}
                  removeLabel={t('settings.leadTime.remove', { n: i + 1 })}
                  onRemove={() => {
                    setDraft({
                      ...draft,
                      leadTimeRules: draft.leadTimeRules.filter((_, j) => j !== i),
                    });
                  }}
                >
                  <TextField
                    label={t('settings.leadTime.from')}
                    size="small"
                    value={rule.fromDays}
                    onChange={(event) => update({ fromDays: event.target.value })}
                    error={hasError(path('fromDays'))}
                    helperText={errorAt(path('fromDays'))}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                  <TextField
                    label={t('settings.leadTime.to')}
                    size="small"
                    value={rule.toDays}
                    onChange={(event) => update({ toDays: event.target.value })}
                    error={hasError(path('toDays'))}
                    helperText={errorAt(path('toDays'))}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                  <TextField
                    label={t('settings.leadTime.adjustment')}
                    size="small"
                    value={rule.adjustmentPercent}
                    onChange={(event) => update({ adjustmentPercent: event.target.value })}
                    error={hasError(path('adjustmentPercent'))}
                    helperText={
                      errorAt(path('adjustmentPercent')) ?? effect(rule.adjustmentPercent)
                    }
                    slotProps={{ htmlInput: { inputMode: 'decimal' }, input: percentAdornment }}
                  />
                </RuleRow>
              );
            })}
            <Button
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              disabled={draft.leadTimeRules.length >= businessLimits.leadTimeRulesMax}
              onClick={() => {
                const last = draft.leadTimeRules.at(-1);
                const from = last ? (parseNumberInput(last.toDays) as number) + 1 : 0;
                const start = Number.isFinite(from) ? from : 0;
                setDraft({
                  ...draft,
                  leadTimeRules: [
                    ...draft.leadTimeRules,
                    {
                      key: nextKey.current++,
                      fromDays: String(start),
                      toDays: String(start + 2),
                      adjustmentPercent: '0',
                    },
                  ],
                });
              }}
            >
              {t('settings.leadTime.add')}
            </Button>
          </Section>

          <Section
            title={t('restrictions:settings.title')}
            intro={t('restrictions:settings.intro')}
          >
            <StayRestrictionsFields
              draft={draft.restrictions}
              onChange={(restrictions) => setDraft({ ...draft, restrictions })}
              errorAt={(path) => errorAt(`restrictions.${path}`)}
            />
          </Section>

          <Section title={t('settings.guests.title')} intro={t('settings.guests.intro')}>
            <GuestDefaultsFields
              draft={draft.guests}
              onChange={(guests) => setDraft({ ...draft, guests })}
              errorAt={(path) => errorAt(`guests.${path}`)}
              currency={business.currency}
            />
          </Section>

          <Section
            title={t('settings.lengthOfStay.title')}
            intro={t('settings.lengthOfStay.intro')}
          >
            <LengthOfStayFields
              draft={draft.lengthOfStay}
              onChange={(lengthOfStay) => setDraft({ ...draft, lengthOfStay })}
              errorAt={(path) => errorAt(`lengthOfStay.${path}`)}
              currency={business.currency}
              samplePrice={samplePrice}
            />
          </Section>

          <Section title={t('settings.rounding.title')} intro={t('settings.rounding.intro')}>
            <RadioGroup
              aria-label={t('settings.rounding.title')}
              value={draft.rounding.mode}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  rounding: { ...draft.rounding, mode: event.target.value as TRoundingMode },
                })
              }
            >
              {(['none', 'integer', 'ending'] as const).map((mode) => (
                <FormControlLabel
                  key={mode}
                  value={mode}
                  control={<Radio />}
                  label={t(`settings.rounding.${mode}`, {
                    example: money(
                      roundPrice(roundingSample, {
                        mode,
                        ending:
                          typeof endingNumber === 'number' && !Number.isNaN(endingNumber)
                            ? endingNumber
                            : 9,
                      }),
                    ),
                    sample: money(roundingSample),
                  })}
                />
              ))}
            </RadioGroup>
            {draft.rounding.mode === 'ending' && (
              <TextField
                label={t('settings.rounding.endingLabel')}
                size="small"
                sx={{ maxInlineSize: 240 }}
                value={draft.rounding.ending}
                onChange={(event) => {
                  setDraft({
                    ...draft,
                    rounding: { ...draft.rounding, ending: event.target.value },
                  });
                }}
                error={hasError('rounding.ending')}
                helperText={errorAt('rounding.ending') ?? t('settings.rounding.endingHelp')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          </Section>

          <Section
            title={t('settings.manualPrices.title')}
            intro={t('settings.manualPrices.intro')}
          >
            <TextField
              label={t('settings.manualPrices.warnPercent')}
              name="manualPriceWarnPercent"
              size="small"
              sx={{ maxInlineSize: 320 }}
              value={draft.manualPriceWarnPercent}
              onChange={(event) =>
                setDraft({ ...draft, manualPriceWarnPercent: event.target.value })
              }
              error={hasError('manualPriceWarnPercent')}
              helperText={
                errorAt('manualPriceWarnPercent') ?? t('settings.manualPrices.warnPercentHelp')
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' }, input: percentAdornment }}
            />
          </Section>

          <Section title={t('settings.approval.title')} intro={t('settings.approval.intro')}>
            <ApprovalChoice
              autoApprove={draft.autoApprove}
              onChange={(autoApprove) => setDraft({ ...draft, autoApprove })}
            />
            <TextField
              label={t('settings.approval.horizon')}
              name="horizonDays"
              size="small"
              sx={{ maxInlineSize: 320 }}
              value={draft.horizonDays}
              onChange={(event) => setDraft({ ...draft, horizonDays: event.target.value })}
              error={hasError('horizonDays')}
              helperText={
                errorAt('horizonDays') ??
                t('settings.approval.horizonHelp', {
                  min: intl.number(businessLimits.horizonDaysMin),
                  max: intl.number(businessLimits.horizonDaysMax),
                })
              }
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  'data-testid': 'horizon-days',
                },
              }}
            />
          </Section>

          <Section title={t('settings.basis.title')} intro={t('settings.basis.intro')}>
            <RadioGroup
              aria-label={t('settings.basis.title')}
              value={draft.occupancyBasis}
              onChange={(event) =>
                setDraft({ ...draft, occupancyBasis: event.target.value as TOccupancyBasis })
              }
            >
              {occupancyBases.map((basis) => (
                <FormControlLabel
                  key={basis}
                  value={basis}
                  control={<Radio />}
                  disabled={basis === 'forecast' && !canForecast && draft.occupancyBasis !== basis}
                  label={
                    <span>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {t(`settings.basis.${basis}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`settings.basis.${basis}Help`)}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                />
              ))}
            </RadioGroup>
            {!canForecast && <PlanHint feature="forecast" />}
          </Section>

          {preview}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              disabled={!dirty || form.submitting}
              onClick={() => {
                form.reset({ settings: initial });
                onDraftChange?.(initial);
                onDirtyChange?.(false);
              }}
            >
              {t('actions.discard')}
            </Button>
            <Button type="submit" variant="contained" loading={form.submitting}>
              {t('settings.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
