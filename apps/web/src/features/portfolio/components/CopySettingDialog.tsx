import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  portfolioSettings,
  type TPortfolioCopyBody,
  type TPortfolioCopyItem,
  type TPortfolioCopyTarget,
  type TPortfolioProperty,
  type TPortfolioSetting,
} from '@tarifa/contract';
import { PricePreviewSummary } from '@/components/PricePreviewSummary';
import { isolate } from '@/lib/bidi';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useCopySetting, usePreviewCopy } from '../api/portfolio';

const statusColor = {
  ready: 'primary',
  copied: 'success',
  unchanged: 'default',
  failed: 'error',
} as const;

/** What an item of a copy does, in words: a rule added, updated or removed, or restrictions replaced. */
function useItemWords() {
  const { t } = useTranslation('portfolio');
  const intl = useIntl();
  return ({ action, name, restrictions }: TPortfolioCopyItem) => {
    if (!restrictions) return t(`copy.item.${action}`, { name });
    if (restrictions.part === 'rules') return t('copy.item.restrictionRules');
    // The room type's name opens the line: its own direction, whichever the language's.
    const { set, cleared } = restrictions;
    return t(`copy.item.restrictionNights.${action}`, { name: isolate(intl, name), set, cleared });
  };
}

/** One target of a preview or a copy: what changes there, what that does to prices, or why not. */
function TargetOutcome({
  target,
  setting,
}: {
  target: TPortfolioCopyTarget;
  setting: TPortfolioSetting;
}) {
  const { t } = useTranslation('portfolio');
  const words = useItemWords();
  // A room type the target lacks: a rule that applies to it, or restricted nights of it.
  const errorKey =
    setting === 'restrictions' && target.error?.code === 'room_type_missing'
      ? 'restrictions_room_type_missing'
      : target.error?.code;
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} data-testid="copy-target">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {target.name}
        </Typography>
        <Chip
          size="small"
          color={statusColor[target.status]}
          label={t(`copy.status.${target.status}`)}
        />
      </Stack>
      {target.items.length > 0 && setting !== 'restrictions' && (
        <Typography variant="body2">{target.items.map(words).join(' · ')}</Typography>
      )}
      {target.items.length > 0 && setting === 'restrictions' && (
        // Each part replaced on its own line: the rules, then each room type's nights.
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {target.items.map((item) => (
            <Typography component="li" variant="body2" key={`${item.action}:${item.name}`}>
              {words(item)}
            </Typography>
          ))}
        </Stack>
      )}
      {target.prices && <PricePreviewSummary preview={target.prices} />}
      {target.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(`copy.errors.${errorKey}`, {
            ...target.error.params,
            defaultValue: t('copy.errors.other'),
          })}
        </Alert>
      )}
    </ListItem>
  );
}

/**
 * Copies one setting (seasons, occupancy levels, rate plans, stay restrictions) of a property to
 * others: choose the source, the setting and the targets; the preview tells per target what would
 * be created, updated or deleted — for restrictions, the rules and each room type's nights whose
 * own restrictions are replaced — and how the next year's prices would move (rate plans and
 * restrictions show none); confirming copies to the targets that can take it, each all or nothing,
 * and tells how each went.
 */
export function CopySettingDialog({
  properties,
  initialSource,
  onClose,
}: {
  properties: TPortfolioProperty[];
  initialSource: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('portfolio');
  const titleId = useId();
  const [source, setSource] = useState(initialSource);
  const [setting, setSetting] = useState<TPortfolioSetting>('seasons');
  const [targets, setTargets] = useState<Set<string>>(new Set());
  const preview = usePreviewCopy();
  const copy = useCopySetting();
  const others = properties.filter((property) => property.businessUuid !== source);
  const chosen = others.filter((property) => targets.has(property.businessUuid));
  const body: TPortfolioCopyBody = {
    sourceUuid: source,
    setting,
    targets: chosen.map((property) => ({ businessUuid: property.businessUuid })),
  };
  const ready = preview.data?.targets.filter((target) => target.status === 'ready') ?? [];
  const result = copy.data;
  // Any choice changed after a preview makes it stale: ask again.
  const restart = () => {
    preview.reset();
    copy.reset();
  };
  const confirm = () =>
    copy.mutate(
      {
        ...body,
        targets: ready.map((target) => ({
          businessUuid: target.businessUuid,
          version: target.version,
        })),
      },
      {
        onSuccess: (answer) => {
          const copied = answer.targets.filter((target) => target.status === 'copied').length;
          showSnackbar({
            severity: copied === answer.targets.length ? 'success' : 'warning',
            message: t('copy.done', { count: copied, n: copied, of: answer.targets.length }),
          });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('copy.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('copy.intro')}
          </Typography>
          <TextField
            select
            label={t('copy.source')}
            value={source}
            onChange={(event) => {
              setSource(event.target.value);
              setTargets((now) => new Set([...now].filter((uuid) => uuid !== event.target.value)));
              restart();
            }}
            disabled={Boolean(result)}
          >
            {properties.map((property) => (
              <MenuItem key={property.businessUuid} value={property.businessUuid}>
                {property.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('copy.setting')}
            value={setting}
            onChange={(event) => {
              setSetting(event.target.value as TPortfolioSetting);
              restart();
            }}
            helperText={t(`copy.settingHelp.${setting}`)}
            disabled={Boolean(result)}
          >
            {portfolioSettings.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`copy.settings.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset" disabled={Boolean(result)}>
            <FormLabel component="legend">{t('copy.targets')}</FormLabel>
            <FormGroup>
              {others.map((property) => (
                <FormControlLabel
                  key={property.businessUuid}
                  label={property.name}
                  control={
                    <Checkbox
                      checked={targets.has(property.businessUuid)}
                      onChange={(event) => {
                        const next = new Set(targets);
                        if (event.target.checked) next.add(property.businessUuid);
                        else next.delete(property.businessUuid);
                        setTargets(next);
                        restart();
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
          {(preview.error ?? copy.error) ? (
            <Alert severity="error" role="alert">
              {errorMessage(t, preview.error ?? copy.error)}
            </Alert>
          ) : null}
          {(result ?? preview.data) && (
            <section aria-label={result ? t('copy.resultLabel') : t('copy.previewLabel')}>
              <Typography variant="subtitle1" component="h2">
                {result ? t('copy.resultLabel') : t('copy.previewLabel')}
              </Typography>
              <List dense>
                {(result ?? preview.data)!.targets.map((target) => (
                  <TargetOutcome
                    key={target.businessUuid}
                    target={target}
                    setting={(result ?? preview.data)!.setting}
                  />
                ))}
              </List>
            </section>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={copy.isPending}>
          {result ? t('copy.close') : t('copy.cancel')}
        </Button>
        {!result && !preview.data && (
          <Button
            variant="contained"
            disabled={chosen.length === 0}
            loading={preview.isPending}
            onClick={() => preview.mutate(body)}
            data-testid="portfolio-copy-preview"
          >
            {t('copy.preview')}
          </Button>
        )}
        {!result && preview.data && (
          <Button
            variant="contained"
            disabled={ready.length === 0}
            loading={copy.isPending}
            onClick={confirm}
          >
            {t('copy.confirm', { count: ready.length, n: ready.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
