import ApproveIcon from '@mui/icons-material/CheckCircleOutlined';
import RejectIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import RulesIcon from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type {
  TBusiness,
  TGuestAdjustment,
  TLengthOfStayRule,
  TRateRuleChange,
  TRateRuleItem,
  TRateRules,
} from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { errorMessage } from '@/lib/forms';
import { useIntl, type Formatters } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import {
  useDecideRateRuleChange,
  useRateRuleChanges,
  type RateRuleDecision,
} from '@/api/rate-plans';

type T = ReturnType<typeof useTranslation>['t'];
type Plan = TRateRules['ratePlans'][number];

/** "−10 %" or "+5,50 €": a percent or an amount, signed. */
const signed = (
  intl: Formatters,
  a: { type: 'percent' | 'amount'; value: number },
  currency: string,
) =>
  a.type === 'percent'
    ? intl.number(a.value / 100, {
        style: 'percent',
        signDisplay: 'exceptZero',
        maximumFractionDigits: 2,
      })
    : intl.money(a.value, currency, { signDisplay: 'exceptZero' });

/** Words for one value of a plan's, a room type's or the property's rules. */
function valueText(
  field: string,
  value: unknown,
  rules: TRateRules,
  { t, intl, currency }: { t: T; intl: Formatters; currency: string },
): string {
  const money = (amount: number) => intl.money(amount, currency);
  if (value === null || value === undefined) return t('rateRules.none');
  switch (field) {
    case 'adjustment':
      return signed(intl, value as Plan['adjustment'], currency);
    case 'extraGuest':
    case 'missingGuest': {
      const change = value as TGuestAdjustment;
      return change.type === 'percent'
        ? intl.number(change.value / 100, { style: 'percent', maximumFractionDigits: 2 })
        : money(change.value);
    }
    case 'boardPricePerGuest':
    case 'minPrice':
    case 'maxPrice':
      return money(value as number);
    case 'board':
      return t(`common:board.${value as string}`);
    case 'cancellationPolicy':
      return t(`common:cancellationPolicy.${value as string}`);
    case 'pricing':
      return t(`rateRules.pricing.${value as string}`);
    case 'active':
      return t(value ? 'rateRules.onSale' : 'rateRules.offSale');
    case 'derivedFrom':
      return rules.ratePlans.find((plan) => plan.uuid === value)?.name ?? '';
    case 'roomUuids': {
      const uuids = value as string[];
      if (uuids.length === 0) return t('rateRules.allRooms');
      return listOf(
        intl,
        uuids.map((uuid) => rules.rooms.find((room) => room.uuid === uuid)?.name ?? '?'),
      );
    }
    default:
      return String(value);
  }
}

/** "a, b and c" in the language's own way. */
const listOf = (intl: Formatters, items: string[]) =>
  new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(items);

/** "7+ nights −8 %, 3+ nights −5,00 €", or none. */
function staysText(stays: readonly TLengthOfStayRule[], t: T, intl: Formatters, currency: string) {
  if (stays.length === 0) return t('rateRules.none');
  return listOf(
    intl,
    stays.map((rule) =>
      t('rateRules.stay', {
        nights: rule.minNights,
        change: isolate(intl, signed(intl, rule.adjustment, currency)),
      }),
    ),
  );
}

/** One line of the change: what it is about, and each field from before to after. */
function itemText(
  item: TRateRuleItem,
  change: TRateRuleChange,
  words: { t: T; intl: Formatters; currency: string },
): { primary: string; secondary?: string } {
  const { t, intl, currency } = words;
  const { before, after } = change;
  const fields = (
    names: readonly string[],
    was: object,
    now: object,
    label: (f: string) => string,
  ) =>
    names
      .map((field) =>
        t('rateRules.field', {
          field: label(field),
          before: isolate(
            intl,
            valueText(field, (was as Record<string, unknown>)[field], before, words),
          ),
          after: isolate(
            intl,
            valueText(field, (now as Record<string, unknown>)[field], after, words),
          ),
        }),
      )
      .join('; ');
  switch (item.kind) {
    case 'ratePlan': {
      const plan = (item.change === 'removed' ? before : after).ratePlans.find(
        (p) => p.uuid === item.uuid,
      )!;
      if (item.change !== 'changed') {
        return {
          primary: t(`rateRules.plan.${item.change}`, { name: plan.name, code: plan.code }),
        };
      }
      const was = before.ratePlans.find((p) => p.uuid === item.uuid)!;
      return {
        primary: t('rateRules.plan.changed', { name: plan.name, code: plan.code }),
        secondary: fields(item.fields, was, plan, (f) => t(`property:ratePlans.${planLabel(f)}`)),
      };
    }
    case 'roomGuests': {
      const room = after.rooms.find((r) => r.uuid === item.roomUuid)!;
      const was = before.rooms.find((r) => r.uuid === item.roomUuid)!;
      return {
        primary: t('rateRules.roomGuests', { room: room.name }),
        secondary: fields(item.fields, was.guests, room.guests, (f) =>
          t(`property:guests.${f === 'pricing' ? 'pricing' : f}`),
        ),
      };
    }
    case 'guestDefaults':
      return {
        primary: t('rateRules.guestDefaults'),
        secondary: fields(item.fields, before.guests, after.guests, (f) =>
          t(`property:guests.${f}`),
        ),
      };
    case 'lengthOfStay':
      return {
        primary: t('rateRules.lengthOfStay'),
        secondary: t('rateRules.change', {
          before: isolate(intl, staysText(before.lengthOfStay, t, intl, currency)),
          after: isolate(intl, staysText(after.lengthOfStay, t, intl, currency)),
        }),
      };
  }
}

/** The rate-plan dialog's label of a plan field. */
const planLabel = (field: string) =>
  field === 'roomUuids' ? 'rooms' : field === 'active' ? 'active' : field;

/**
 * A change of the rate rules waiting for the owner, on the price-changes page (docs/rate-plans.md,
 * "Changing the rules"): each plan, room type's guests or rule it moves, before → after, and the
 * nights it republishes once approved; approve or reject. Once approved, a line says whether it
 * reached the webhook.
 */
export function RateRuleChangeCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const changes = useRateRuleChanges(business.uuid);
  const decide = useDecideRateRuleChange(business.uuid);
  const latest = changes.data?.[0];
  // A change waiting unseen would be one the owner never decides: say that it could not be read.
  if (changes.isError) {
    return (
      <Alert severity="warning" data-testid="rate-rules-load-failed">
        {t('rateRules.loadFailed')}
      </Alert>
    );
  }
  if (!latest) return null;
  const words = { t, intl, currency: business.currency };

  if (latest.status !== 'pending') {
    // Said while it is on its way, or when it did not arrive.
    if (latest.stage !== 'approved' && latest.stage !== 'sending' && latest.stage !== 'not_sent') {
      return null;
    }
    return (
      <Alert
        severity={latest.stage === 'not_sent' ? 'warning' : 'info'}
        data-testid="rate-rules-stage"
        data-stage={latest.stage}
      >
        {t(`rateRules.stage.${latest.stage}`, {
          nights: intl.number(latest.nights),
        })}
      </Alert>
    );
  }

  const run = (decision: RateRuleDecision) =>
    decide.mutate(
      { change: latest, decision },
      {
        onSuccess: () =>
          showSnackbar({ severity: 'success', message: t(`rateRules.done.${decision}`) }),
      },
    );

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="rate-rules-title"
      data-testid="rate-rules-change"
    >
      <CardHeader
        avatar={<RulesIcon color="primary" aria-hidden />}
        title={
          <Typography id="rate-rules-title" variant="h6" component="h2">
            {t('rateRules.title')}
          </Typography>
        }
        subheader={t('rateRules.reach', {
          count: latest.nights,
          nights: intl.number(latest.nights),
          rooms: intl.number(latest.roomTypes),
        })}
      />
      <CardContent sx={{ pt: 0 }}>
        <List dense disablePadding>
          {latest.items.map((item, i) => {
            const { primary, secondary } = itemText(item, latest, words);
            return (
              <ListItem key={i} disableGutters>
                <ListItemText primary={primary} secondary={secondary} />
              </ListItem>
            );
          })}
        </List>
        {decide.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(t, decide.error)}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<RejectIcon />}
          disabled={decide.isPending}
          onClick={() => run('reject')}
        >
          {t('rateRules.reject')}
        </Button>
        <Button
          variant="contained"
          startIcon={<ApproveIcon />}
          disabled={decide.isPending}
          onClick={() => run('approve')}
        >
          {t('rateRules.approve')}
        </Button>
      </CardActions>
    </Card>
  );
}
