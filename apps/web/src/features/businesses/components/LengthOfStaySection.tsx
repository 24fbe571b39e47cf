import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { businessLimits, type TFieldIssue, type TLengthOfStayRule } from '@tarifa/contract';
import { ApiError } from '@/lib/api';
import { useIntl } from '@/lib/intl';
import { numberText, parseNumberInput } from '@/lib/numbers';
import { derivedPrice } from '../utils/examplePrice';
import {
  draftOfPercentOrAmount,
  PercentOrAmountFields,
  type BoundField,
  type PercentOrAmountDraft,
} from './PercentOrAmountFields';
import { RuleRow } from './RuleRow';

/**
 * A length-of-stay rule as the settings form holds it: numbers as typed, and the adjustment as the
 * owner types it, a discount ("8": 8 % off each night) — the API takes it negated (−8).
 */
export interface LengthOfStayRuleDraft {
  key: number;
  minNights: string;
  discount: PercentOrAmountDraft;
}

/** 8 ↔ −8 (0 stays 0, not −0; a missing number stays missing, an unreadable one NaN). */
function negated(value: number): number;
function negated(value: number | undefined): number | undefined;
function negated(value: number | undefined) {
  return value === undefined ? value : 0 - value;
}

export function draftOfLengthOfStay(
  rules: TLengthOfStayRule[],
  locale: string,
): LengthOfStayRuleDraft[] {
  return rules.map((rule, key) => ({
    key,
    minNights: numberText(rule.minNights),
    discount: draftOfPercentOrAmount(
      { type: rule.adjustment.type, value: negated(rule.adjustment.value) },
      locale,
    ),
  }));
}

/** The rules as the settings call takes them (unparseable numbers stay NaN: the schema refuses them). */
export function lengthOfStayOfDraft(rules: LengthOfStayRuleDraft[]) {
  return rules.map((rule) => ({
    minNights: parseNumberInput(rule.minNights) as number,
    adjustment: {
      type: rule.discount.type,
      value: negated(parseNumberInput(rule.discount.value) as number | undefined) as number,
    },
  }));
}

const discountPath = /(^|\.)lengthOfStay\.\d+\.adjustment\.value$/;

/**
 * An issue of a rule's adjustment as its discount field shows it: the bounds mirrored ("0 or less"
 * of the value sent is "0 or more" of the discount typed). Any other issue as it is.
 */
export function asDiscountIssue(issue: TFieldIssue): TFieldIssue {
  if (!discountPath.test(issue.path)) return issue;
  const { minimum, maximum, ...params } = issue.params ?? {};
  if (issue.code === 'too_big' && typeof maximum === 'number') {
    return { ...issue, code: 'too_small', params: { ...params, minimum: negated(maximum) } };
  }
  if (issue.code === 'too_small' && typeof minimum === 'number') {
    return { ...issue, code: 'too_big', params: { ...params, maximum: negated(minimum) } };
  }
  return issue;
}

/** An API refusal with its discounts' issues as their fields show them; anything else as it is. */
export function withDiscountIssues(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.code, error.message, error.details.map(asDiscountIssue));
}

/**
 * Price setup's length of stay: up to 10 rules, each a discount on every night of a stay of at
 * least so many nights, in percent or in the currency — with what it does to a sample price.
 */
export function LengthOfStayFields({
  draft,
  onChange,
  errorAt,
  currency,
  samplePrice,
}: {
  draft: LengthOfStayRuleDraft[];
  onChange: (next: LengthOfStayRuleDraft[]) => void;
  /** The error of a field, by its path under `lengthOfStay`. */
  errorAt: (path: string) => string | undefined;
  currency: string;
  samplePrice?: number;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const nextKey = useRef(Math.max(-1, ...draft.map((rule) => rule.key)) + 1);
  const full = draft.length >= businessLimits.lengthOfStayRulesMax;
  const nights = {
    endAdornment: (
      <InputAdornment position="end">{t('restrictions:settings.nights')}</InputAdornment>
    ),
  };

  /** "€100.00 → €92.00" under a discount, on the sample price. */
  const effect = (discount: PercentOrAmountDraft) => {
    const value = parseNumberInput(discount.value);
    if (samplePrice === undefined || typeof value !== 'number' || !value) return undefined;
    const price = derivedPrice(samplePrice, { type: discount.type, value: negated(value) });
    if (Number.isNaN(price)) return undefined;
    return t('settings.effect', {
      from: intl.money(samplePrice, currency),
      to: intl.money(price, currency),
    });
  };

  return (
    <>
      {draft.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('settings.lengthOfStay.none')}
        </Typography>
      )}
      {draft.map((rule, i) => {
        const update = (patch: Partial<LengthOfStayRuleDraft>) =>
          onChange(draft.map((r, j) => (j === i ? { ...r, ...patch } : r)));
        const bound = (part: keyof PercentOrAmountDraft): BoundField => {
          const error = errorAt(`${i}.adjustment.${part}`);
          return {
            value: rule.discount[part],
            onChange: (event) =>
              update({ discount: { ...rule.discount, [part]: event.target.value } }),
            error: error !== undefined,
            helperText: error ?? (part === 'value' ? effect(rule.discount) : undefined),
          };
        };
        const minNightsError = errorAt(`${i}.minNights`);
        return (
          <RuleRow
            key={rule.key}
            label={t('settings.lengthOfStay.rule', { n: i + 1 })}
            removeLabel={t('settings.lengthOfStay.remove', { n: i + 1 })}
            onRemove={() => onChange(draft.filter((_, j) => j !== i))}
          >
            <TextField
              label={t('settings.lengthOfStay.minNights')}
              size="small"
              sx={{ minInlineSize: 160 }}
              value={rule.minNights}
              onChange={(event) => update({ minNights: event.target.value })}
              error={minNightsError !== undefined}
              helperText={minNightsError}
              slotProps={{ htmlInput: { inputMode: 'numeric' }, input: nights }}
            />
            <PercentOrAmountFields
              currency={currency}
              label={t('settings.lengthOfStay.discount')}
              unit={bound('type')}
              value={bound('value')}
            />
          </RuleRow>
        );
      })}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          startIcon={<AddIcon />}
          disabled={full}
          onClick={() => {
            const last = parseNumberInput(draft.at(-1)?.minNights ?? '');
            const from = typeof last === 'number' && Number.isInteger(last) ? last + 7 : 7;
            onChange([
              ...draft,
              {
                key: nextKey.current++,
                minNights: String(Math.min(from, businessLimits.lengthOfStayNightsMax)),
                discount: { type: 'percent', value: '' },
              },
            ]);
          }}
        >
          {t('settings.lengthOfStay.add')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary">
            {t('settings.lengthOfStay.limit', { count: businessLimits.lengthOfStayRulesMax })}
          </Typography>
        )}
      </Stack>
    </>
  );
}
