import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TAutopilotResult, TBusiness } from '@tarifa/contract';
import { upliftText } from '@/api/autopilot';
import { formatMoney } from '@/api/prices';
import { useIntl } from '@/lib/intl';

type Ready = Extract<TAutopilotResult, { status: 'ready' }>;

/**
 * The expected effect in words: "+14.7 % revenue (between −2.1 % and +39 %)", what the interval
 * means, whether it holds a loss, and the year's revenue today and with the suggestion.
 */
export function ExpectedEffect({
  result,
  currency,
}: {
  result: Ready;
  currency: TBusiness['currency'];
}) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const text = upliftText(intl, result.expected);
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="p" data-testid="uplift">
        {t('effect.uplift', { uplift: text.uplift, low: text.low, high: text.high })}
      </Typography>
      <Typography variant="body2">
        {t('effect.interval')} {text.sureGain ? t('effect.sureGain') : t('effect.mayLose')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('effect.revenue', {
          current: formatMoney(intl, Math.round(result.expected.current), currency),
          suggested: formatMoney(intl, Math.round(result.expected.suggested), currency),
        })}
      </Typography>
    </Stack>
  );
}
