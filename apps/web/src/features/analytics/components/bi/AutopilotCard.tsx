import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { upliftText, useAutopilotSuggestion } from '@/api/autopilot';
import { useIntl } from '@/lib/intl';

const autopilotPath = '/pricing-central/autopilot';

/**
 * The autopilot's expected effect for the property — its latest ready suggestion: the revenue
 * uplift with its 90 % interval in plain words, applied or not, and the way to the autopilot.
 * Nothing at all while the property has no ready suggestion (or it could not be read).
 */
export function AutopilotCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('analytics');
  const intl = useIntl();
  const suggestion = useAutopilotSuggestion(business.uuid, 'ready').data;
  const result = suggestion?.suggestion;
  if (!suggestion || result?.status !== 'ready') return null;
  const text = upliftText(intl, result.expected);
  return (
    <Card data-testid="autopilot-card">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <AutoAwesomeIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
            <div>
              <Typography variant="h6" component="h2">
                {t('autopilot.title')}
              </Typography>
              <Typography>
                {t(suggestion.appliedAt ? 'autopilot.applied' : 'autopilot.suggested', {
                  uplift: text.uplift,
                  low: text.low,
                  high: text.high,
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text.sureGain ? t('autopilot.sureGain') : t('autopilot.mayLose')}
              </Typography>
            </div>
          </Stack>
          <Button component={RouterLink} to={autopilotPath} sx={{ flexShrink: 0 }}>
            {t('autopilot.open')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
