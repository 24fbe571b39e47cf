import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { subject } from '@casl/ability';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { TAutopilotSuggestion, TBusiness } from '@tarifa/contract';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageLoader } from '@/components/PageLoader';
import { isComputing, useAutopilotSuggestion, useRequestSuggestion } from '@/api/autopilot';
import { useRequiredBusiness } from '@/api/business';
import type { AppAbility } from '@/lib/auth/ability';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { AutoApplyCard } from '../components/AutoApplyCard';
import { ReadySuggestion } from '../components/ReadySuggestion';

/** While the suggestion is computed: a bar that moves, announced politely. */
function Computing({ suggestion }: { suggestion: TAutopilotSuggestion }) {
  const { t } = useTranslation('autopilot');
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5} role="status" aria-live="polite" aria-busy="true">
          <Typography>
            {t(`progress.${suggestion.status === 'queued' ? 'queued' : 'running'}`)}
          </Typography>
          <LinearProgress aria-label={t('progress.label')} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Not sure: why, in plain words, and what it learned from; nothing is suggested. */
function Unsure({ suggestion }: { suggestion: TAutopilotSuggestion }) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const result = suggestion.suggestion;
  if (result?.status !== 'unsure') return null;
  return (
    <Alert severity="info" data-testid="unsure">
      <AlertTitle>{t('unsure.title')}</AlertTitle>
      <Stack spacing={1}>
        <span>{t(`unsure.${result.reason}`)}</span>
        <span>
          {t('unsure.learned', {
            bookings: intl.number(result.bookings),
            nights: intl.number(result.nights),
          })}
        </span>
      </Stack>
    </Alert>
  );
}

/** The suggestion in whatever state it is. */
function SuggestionBody({
  business,
  suggestion,
  canConfigure,
}: {
  business: TBusiness;
  suggestion: TAutopilotSuggestion | null;
  canConfigure: boolean;
}) {
  const { t } = useTranslation('autopilot');
  if (!suggestion) {
    return (
      <Card>
        <EmptyState icon={AutoAwesomeIcon} title={t('none.title')} body={t('none.body')} />
      </Card>
    );
  }
  if (isComputing(suggestion)) return <Computing suggestion={suggestion} />;
  if (suggestion.status === 'failed') {
    return (
      <Alert severity="error" data-testid="failed">
        {t('failed')}
      </Alert>
    );
  }
  const result = suggestion.suggestion;
  if (result?.status === 'ready') {
    return (
      <ReadySuggestion
        business={business}
        suggestion={suggestion}
        result={result}
        canApply={canConfigure}
      />
    );
  }
  return <Unsure suggestion={suggestion} />;
}

/** The suggestion, said first to be the autopilot's own when it computed it under the rules. */
function Suggestion(props: {
  business: TBusiness;
  suggestion: TAutopilotSuggestion | null;
  canConfigure: boolean;
}) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const { suggestion } = props;
  const finishedAt = suggestion?.origin === 'auto' ? suggestion.finishedAt : null;
  if (!finishedAt) return <SuggestionBody {...props} />;
  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary" data-testid="origin">
        {t('origin.auto', { date: intl.date(new Date(finishedAt), { dateStyle: 'medium' }) })}
      </Typography>
      <SuggestionBody {...props} />
    </Stack>
  );
}

/**
 * `/pricing-central/autopilot`: what the autopilot does in one sentence; "Suggest settings" (for
 * whoever may change the price settings), then the suggestion as it is computed, and read —
 * unsure and why, or ready with what it learned, the changes and their effect, and Apply — and
 * the rules under which it applies its Monday suggestion on its own.
 */
export default function AutopilotPage() {
  const { t } = useTranslation('autopilot');
  const business = useRequiredBusiness();
  const ability = useAbility<AppAbility>();
  // The owner's rule names the business by its owner: asked of this one.
  const canConfigure = ability.can(
    'update',
    subject('Business', { uuid: business.uuid, ownerUuid: business.ownerUuid } as Record<
      string,
      unknown
    >),
  );
  const query = useAutopilotSuggestion(business.uuid);
  const request = useRequestSuggestion(business.uuid);
  const suggestion = query.data;
  const computing = isComputing(suggestion) || request.isPending;

  let content;
  if (query.isPending) content = <PageLoader />;
  else if (query.isError && query.dataUpdatedAt === 0) {
    content = (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t('loadFailed')}
      </LoadErrorAlert>
    );
  } else {
    content = (
      <Suggestion business={business} suggestion={suggestion ?? null} canConfigure={canConfigure} />
    );
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
            {t('intro')}
          </Typography>
        </div>
        <Stack spacing={0.5} sx={{ flexShrink: 0, alignItems: { sm: 'flex-end' } }}>
          <Button
            variant="contained"
            startIcon={<AutoAwesomeIcon />}
            disabled={!canConfigure || computing || query.isPending}
            loading={request.isPending}
            onClick={() => request.mutate()}
            aria-describedby={canConfigure ? undefined : 'autopilot-cannot'}
          >
            {suggestion ? t('ask.again') : t('ask.action')}
          </Button>
          {!canConfigure && (
            <Typography id="autopilot-cannot" variant="body2" color="text.secondary">
              {t('ask.cannot')}
            </Typography>
          )}
        </Stack>
      </Stack>
      {request.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(t, request.error)}
        </Alert>
      )}
      {content}
      <AutoApplyCard business={business} canConfigure={canConfigure} />
    </Stack>
  );
}
