import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';

/**
 * A card of the property's settings that load on their own and are saved with the version read
 * (the alerts, guests' personal data): its title and intro, skeletons while the settings load,
 * the failure with Try again, then the form — keyed by the version by the caller, so a save starts
 * it afresh — under a warning when someone saved meanwhile (`onConflict(true)` reloads them);
 * `after` below it. Its words are the `property` strings under `strings`: `title`, `intro`,
 * `loading`, `loadFailed` and `conflict`.
 */
export function SettingsCard<T extends { version: number }>({
  strings,
  query,
  skeletons,
  children,
  after,
}: {
  strings: 'alerts' | 'privacy';
  query: UseQueryResult<T>;
  /** The shapes shown while loading: height and width of each. */
  skeletons: [number, number][];
  children: (settings: T, onConflict: (conflict: boolean) => void) => ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation('property');
  const titleId = useId();
  const [conflict, setConflict] = useState(false);
  const onConflict = (next: boolean) => {
    setConflict(next);
    if (next) void query.refetch();
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t(`${strings}.loading`)}>
        {skeletons.map(([height, width], i) => (
          <Skeleton key={i} variant="rounded" height={height} width={width} />
        ))}
      </Stack>
    );
  } else if (query.isError && query.dataUpdatedAt === 0) {
    body = (
      <LoadErrorAlert error={query.error} onRetry={query.refetch}>
        {t(`${strings}.loadFailed`)}
      </LoadErrorAlert>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {conflict && (
          <Alert severity="warning" role="alert">
            {t(`${strings}.conflict`)}
          </Alert>
        )}
        {children(query.data!, onConflict)}
      </Stack>
    );
  }

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {t(`${strings}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, maxInlineSize: 720 }}>
          {t(`${strings}.intro`)}
        </Typography>
        {body}
        {after}
      </CardContent>
    </Card>
  );
}

/** A setting's switch, with what it does under it (read with the switch by screen readers). */
export function SettingSwitch({
  id,
  label,
  help,
  checked,
  onChange,
  disabled,
}: {
  /** The help's id (unique on the page). */
  id: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Stack spacing={0.25}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(_event, on) => onChange(on)}
            slotProps={{ input: { 'aria-describedby': id } }}
          />
        }
        label={label}
        disabled={disabled}
        sx={{ alignSelf: 'flex-start' }}
      />
      <Typography id={id} variant="body2" color="text.secondary" sx={{ paddingInlineStart: 6 }}>
        {help}
      </Typography>
    </Stack>
  );
}

/** A settings form's Save, at its end: enabled once something changed, spinning while it saves. */
export function SaveSettingsButton({
  label,
  disabled,
  saving,
}: {
  label: string;
  disabled: boolean;
  saving: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" disabled={disabled} loading={saving}>
        {label}
      </Button>
    </Stack>
  );
}
