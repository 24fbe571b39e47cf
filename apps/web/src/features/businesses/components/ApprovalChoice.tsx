import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cheapestPlanWith } from '@tarifa/contract';
import { usePropertyPlan, useHasFeature } from '@/api/plans';
import { PlanHint } from '@/components/plans/PlanHint';

const choices = ['manual', 'auto'] as const;

/**
 * How price changes get approved, as a choice that reads as what happens: "I approve every
 * change" or "Approve and send changes automatically", the current one selected, and what the
 * plan allows said in words. Automatic approval can be left on any plan, and chosen only on a plan
 * that has it.
 */
export function ApprovalChoice({
  autoApprove,
  onChange,
}: {
  autoApprove: boolean;
  onChange: (autoApprove: boolean) => void;
}) {
  const { t } = useTranslation('property');
  const { t: tp } = useTranslation('plans');
  const canAutoApprove = useHasFeature('autoApprove');
  const plan = tp(`names.${usePropertyPlan()}`);
  const autoPlan = tp(`names.${cheapestPlanWith('autoApprove')?.id ?? 'business'}`);
  return (
    <Stack spacing={1}>
      <RadioGroup
        aria-label={t('settings.approval.title')}
        value={autoApprove ? 'auto' : 'manual'}
        onChange={(event) => onChange(event.target.value === 'auto')}
        data-testid="approval-choice"
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio />}
            disabled={choice === 'auto' && !canAutoApprove && !autoApprove}
            label={
              <span>
                <Typography component="span" sx={{ display: 'block' }}>
                  {t(`settings.approval.${choice}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {t(`settings.approval.${choice}Help`)}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
          />
        ))}
      </RadioGroup>
      {!canAutoApprove && (
        <>
          <Typography variant="body2" data-testid="approval-plan">
            {t('settings.approval.plan', { plan, autoPlan })}
          </Typography>
          <PlanHint feature="autoApprove" />
        </>
      )}
    </Stack>
  );
}
