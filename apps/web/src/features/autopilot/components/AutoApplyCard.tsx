import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  autopilotLimits,
  cheapestPlanWith,
  ZAutopilotPolicyBody,
  type TAutopilotPolicy,
  type TBusiness,
} from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PlanHint } from '@/components/plans/PlanHint';
import { isVersionConflict, useAutopilotPolicy, useSaveAutopilotPolicy } from '@/api/autopilot';
import { usePropertyPlan, useHasFeature } from '@/api/plans';
import { ApiError } from '@/lib/api';
import { FormAlert, toFormError, useZodForm, type FormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';

/** What the form edits: the version is the one read, added when sending. */
const formSchema = ZAutopilotPolicyBody.omit({ version: true });
const confidences = ['high', 'medium'] as const;
const limits = { min: autopilotLimits.maxMovePercentMin, max: autopilotLimits.maxMovePercentMax };

/** When it runs next, and who saved the rules last: what the owner checks at a glance. */
function PolicyStatus({ policy, timeZone }: { policy: TAutopilotPolicy; timeZone: string }) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const lines: string[] = [];
  if (policy.autoApply && policy.nextRunAt) {
    // A run starts the day where the property is: shown in its zone, it reads as that Monday
    // wherever the owner looks from.
    const date = intl.date(new Date(policy.nextRunAt), { dateStyle: 'full', timeZone });
    lines.push(t('auto.nextRun', { date }));
  }
  if (policy.updatedAt) {
    const date = intl.date(new Date(policy.updatedAt), { dateStyle: 'medium' });
    lines.push(
      policy.updatedBy
        ? t('auto.savedBy', { date, name: policy.updatedBy.name })
        : t('auto.savedOn', { date }),
    );
  }
  if (lines.length === 0) return null;
  return (
    <Stack spacing={0.5} data-testid="auto-status">
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * The rules as saved, to change and save with the version read. A plan without `autopilotAuto`
 * may leave auto-apply on or switch it off, not switch it on (as automatic approval); a 403
 * `plan_required` says the same. A version conflict goes to the card (`onConflict`), which reads
 * the rules again and mounts a new form on them.
 */
function AutoApplyForm({
  business,
  policy,
  canConfigure,
  onConflict,
}: {
  business: TBusiness;
  policy: TAutopilotPolicy;
  canConfigure: boolean;
  onConflict: (conflict: boolean) => void;
}) {
  const { t } = useTranslation('autopilot');
  const { t: tp } = useTranslation('plans');
  const save = useSaveAutopilotPolicy(business.uuid);
  const entitled = useHasFeature('autopilotAuto');
  const plan = tp(`names.${usePropertyPlan()}`);
  const autoPlan = tp(`names.${cheapestPlanWith('autopilotAuto')?.id ?? 'business'}`);
  const [refused, setRefused] = useState<FormError | null>(null);
  const cannotId = useId();
  const form = useZodForm({
    schema: formSchema,
    initialValues: {
      autoApply: policy.autoApply,
      maxMovePercent: policy.maxMovePercent,
      minConfidence: policy.minConfidence,
    },
    onSubmit: async (body) => {
      onConflict(false);
      setRefused(null);
      try {
        await save.mutateAsync({ ...body, version: policy.version });
      } catch (error) {
        if (isVersionConflict(error)) return onConflict(true);
        // The refusal names `autoApply`: kept off the switch, it says so with the way to the plans.
        if (error instanceof ApiError && error.code === 'plan_required') {
          return setRefused(toFormError(error));
        }
        throw error;
      }
      showSnackbar({ severity: 'success', message: t('auto.saved') });
    },
  });
  const { values } = form;
  const changed =
    values.autoApply !== policy.autoApply ||
    values.maxMovePercent !== policy.maxMovePercent ||
    values.minConfidence !== policy.minConfidence;
  const readOnly = !canConfigure;
  const moveError = form.errors.maxMovePercent ? t('auto.maxMoveInvalid', limits) : undefined;

  return (
    <Stack component="form" spacing={2.5} {...form.formProps}>
      <FormAlert error={form.formError ?? refused} />
      <FormControlLabel
        control={
          <Switch
            checked={values.autoApply}
            onChange={(_event, on) => form.setValue('autoApply', on)}
          />
        }
        label={t('auto.switch')}
        disabled={readOnly || (!entitled && !values.autoApply)}
        sx={{ alignSelf: 'flex-start' }}
      />
      {canConfigure && !entitled && (
        <Stack spacing={1} data-testid="auto-plan">
          <Typography variant="body2">{t('auto.plan', { plan, autoPlan })}</Typography>
          <PlanHint feature="autopilotAuto" />
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.field('maxMovePercent')}
          helperText={moveError ?? t('auto.maxMoveHelp', limits)}
          label={t('auto.maxMove')}
          disabled={readOnly}
          required
          sx={{ inlineSize: { xs: '100%', sm: 280 } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <TextField
          select
          name="minConfidence"
          label={t('auto.minConfidence')}
          value={values.minConfidence}
          onChange={(event) =>
            form.setValue('minConfidence', event.target.value as (typeof confidences)[number])
          }
          error={Boolean(form.errors.minConfidence)}
          helperText={form.errorFor('minConfidence')}
          disabled={readOnly}
          sx={{ inlineSize: { xs: '100%', sm: 280 } }}
        >
          {confidences.map((level) => (
            <MenuItem key={level} value={level}>
              {t(`auto.confidence.${level}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <PolicyStatus policy={policy} timeZone={business.timezone} />
        <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' }, marginInlineStart: 'auto' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={readOnly || !changed}
            loading={form.submitting}
            aria-describedby={readOnly ? cannotId : undefined}
          >
            {t('auto.save')}
          </Button>
          {readOnly && (
            <Typography id={cannotId} variant="body2" color="text.secondary">
              {t('auto.cannot')}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}

/**
 * "Apply on its own": the owner's rules for the autopilot to apply its Monday suggestion itself —
 * on or off, the largest move of a night's price, how sure it must be — what they mean in one
 * sentence, when it runs next and who saved them. Read-only for whoever may not change the price
 * settings.
 */
export function AutoApplyCard({
  business,
  canConfigure,
}: {
  business: TBusiness;
  canConfigure: boolean;
}) {
  const { t } = useTranslation('autopilot');
  const query = useAutopilotPolicy(business.uuid);
  const [conflict, setConflict] = useState(false);
  const titleId = useId();

  const onConflict = (next: boolean) => {
    setConflict(next);
    if (next) void query.refetch();
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('auto.loading')}>
        <Skeleton variant="rounded" height={38} width={240} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  } else if (query.isError && query.dataUpdatedAt === 0) {
    body = (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('auto.loadFailed')}
      </LoadErrorAlert>
    );
  } else {
    const policy = query.data!;
    body = (
      <Stack spacing={2}>
        {conflict && (
          <Alert severity="warning" role="alert" data-testid="auto-conflict">
            {t('auto.conflict')}
          </Alert>
        )}
        {/* A new version (saved here or elsewhere) starts the form again from what is saved. */}
        <AutoApplyForm
          key={policy.version}
          business={business}
          policy={policy}
          canConfigure={canConfigure}
          onConflict={onConflict}
        />
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId} data-testid="auto-apply">
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t('auto.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, maxInlineSize: 720 }}>
          {t('auto.intro')} {t('auto.approval')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
