import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TAutopilotResult, TAutopilotSuggestion, TBusiness } from '@tarifa/contract';
import { PricePreviewSummary } from '@/components/PricePreviewSummary';
import { useApplySuggestion } from '@/api/autopilot';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { ApplyDialog } from './ApplyDialog';
import { ExpectedEffect } from './ExpectedEffect';
import { ProposedChanges } from './ProposedChanges';
import { SeasonsTable } from './SeasonsTable';

type Ready = Extract<TAutopilotResult, { status: 'ready' }>;

const priceChangesPath = '/pricing-central/price-changes';
const confidenceColor = { high: 'success', medium: 'info', low: 'warning' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Why the apply call was refused, in the autopilot's words when it says (a 409's detail). */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const code = error.details.find((detail) => detail.path === 'suggestionId')?.code;
  return code ? `apply.refused.${code}` : null;
}

/**
 * The suggestion applied: when and by whom (or on its own, under the owner's rules), and where the
 * prices it moved now wait. Just applied (`focus`), it takes the focus the Apply button had, so a
 * keyboard carries on from it.
 */
function AppliedNotice({
  suggestion,
  focus,
}: {
  suggestion: TAutopilotSuggestion;
  focus: boolean;
}) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const date = intl.date(new Date(suggestion.appliedAt!), { dateStyle: 'medium' });
  return (
    <Alert severity="success" data-testid="applied" ref={ref} tabIndex={-1}>
      {suggestion.origin === 'auto'
        ? t('apply.appliedAuto', { date })
        : suggestion.appliedBy
          ? t('apply.appliedBy', { date, name: suggestion.appliedBy.name })
          : t('apply.applied', { date })}{' '}
      {/* The alert's own colour: the theme's link colour is too faint on its green. */}
      <Link component={RouterLink} to={priceChangesPath} color="inherit">
        {t('apply.openLog')}
      </Link>
    </Alert>
  );
}

/**
 * An automatic suggestion the owner's rules held back: why, in plain words, and that applying it
 * by hand is still open — unless the settings moved since, when only asking again is.
 */
function HeldNotice({ suggestion }: { suggestion: TAutopilotSuggestion }) {
  const { t } = useTranslation('autopilot');
  return (
    <Alert severity="info" data-testid="held">
      <AlertTitle>{t('held.title')}</AlertTitle>
      {t(`held.${suggestion.held!}`)}{' '}
      {suggestion.stale ? t('apply.refused.settings_changed') : t('held.byHand')}
    </Alert>
  );
}

/**
 * A ready suggestion: how sure it is and what it learned from, the expected effect with its
 * uncertainty, each season's demand and answer to price, the changes before → after, what they
 * move in the prices of the coming year, and Apply (with a confirmation) for whoever may change
 * the settings; an automatic one held back says why first.
 */
export function ReadySuggestion({
  business,
  suggestion,
  result,
  canApply,
}: {
  business: TBusiness;
  suggestion: TAutopilotSuggestion;
  result: Ready;
  canApply: boolean;
}) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const apply = useApplySuggestion(business);
  const [confirming, setConfirming] = useState(false);
  const [justApplied, setJustApplied] = useState(false);
  const applied = suggestion.appliedAt !== null;
  const refusal = refusalOf(apply.error);

  const confirm = () =>
    apply.mutate(suggestion.id, {
      // The dialog closes and the notice takes the focus in one render: the dialog's own focus
      // return (to the Apply button, gone with the changes) comes first, and is overridden.
      onSuccess: () => {
        setConfirming(false);
        setJustApplied(true);
      },
      onError: () => setConfirming(false),
    });

  return (
    <Stack spacing={3}>
      {applied && <AppliedNotice suggestion={suggestion} focus={justApplied} />}
      {!applied && suggestion.held && <HeldNotice suggestion={suggestion} />}
      {!applied && suggestion.stale && !suggestion.held && (
        <Alert severity="warning" data-testid="stale">
          {t('apply.refused.settings_changed')}
        </Alert>
      )}
      {apply.isError && !applied && (
        <Alert severity="error" role="alert" data-testid="apply-error">
          {refusal ? t(refusal) : errorMessage(t, apply.error)}
        </Alert>
      )}

      <Section title={t('effect.title')}>
        <Stack spacing={2}>
          <ExpectedEffect result={result} currency={business.currency} />
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
          >
            <Chip
              size="small"
              color={confidenceColor[result.confidence]}
              label={t('confidence.label', { level: t(`confidence.${result.confidence}`) })}
            />
            <Typography variant="body2" color="text.secondary">
              {t('confidence.learned', {
                bookings: intl.number(result.bookings),
                nights: intl.number(result.nights),
              })}
            </Typography>
          </Stack>
        </Stack>
      </Section>

      <Section title={t('seasons.title')}>
        <SeasonsTable seasons={result.seasons} />
      </Section>

      {!applied && (
        <Section title={t('changes.title')}>
          <Stack spacing={2}>
            <ProposedChanges business={business} changes={suggestion.changes} />
            {suggestion.preview && (
              <div>
                <Typography variant="subtitle2" component="h3">
                  {t('preview.title')}
                </Typography>
                <PricePreviewSummary preview={suggestion.preview} />
              </div>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                disabled={!canApply || suggestion.stale || suggestion.changes.length === 0}
                onClick={() => setConfirming(true)}
              >
                {t('apply.action')}
              </Button>
              {!canApply && (
                <Typography variant="body2" color="text.secondary">
                  {t('ask.cannot')}
                </Typography>
              )}
            </Stack>
          </Stack>
        </Section>
      )}
      {confirming && (
        <ApplyDialog
          sending={apply.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
