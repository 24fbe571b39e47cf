import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelLimits,
  type TBusiness,
  type TChannelConnection,
  type TRatePlan,
  type TRoomTariff,
} from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { ApiError } from '@/lib/api';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useZodForm } from '@/lib/forms';
import { useChannel, useChannelRemote, usePutChannelMapping } from '@/api/channels';
import { useRatePlans } from '@/api/rate-plans';
import { ConnectionFormAlert, FormDialogActions } from './FormParts';
import { channelIssueMessage } from './messages';
import {
  draftOf,
  mappingFormSchema,
  mappingOf,
  plansOf,
  rateKey,
  remotePlansOf,
  startOf,
  type MappingContext,
  type MappingDraft,
} from './mappingDraft';

/** "Room type (CODE)" with the code kept in its own direction. */
function Named({ name, code }: { name: string; code: string | null }) {
  return (
    <>
      {name}
      {code && (
        <>
          {' '}
          <bdi>({code})</bdi>
        </>
      )}
    </>
  );
}

/** A remote id: a select of the provider's own (Channex), or typed (OpenTravel); '' is not sent. */
function RemoteField({
  label,
  value,
  options,
  error,
  helperText,
  disabled = false,
  onChange,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  options: { id: string; name: string; code: string | null }[] | null;
  error?: string;
  helperText?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('channels');
  const common = {
    label,
    value,
    fullWidth: true,
    disabled,
    size: 'small' as const,
    error: Boolean(error),
    helperText: error ?? helperText,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (!options) {
    return (
      <TextField
        {...common}
        placeholder={t('mapping.notSent')}
        slotProps={{ htmlInput: { maxLength: channelLimits.idMax, dir: 'ltr' } }}
      />
    );
  }
  return (
    <TextField
      {...common}
      select
      // "Not sent" is a choice like the others: shown, not an empty box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{t('mapping.notSent')}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          <Named name={option.name} code={option.code} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How a mapped plan is priced on the provider, read-only: per room, or per guests count. */
function Pricing({ sellMode, occupancies }: { sellMode: string; occupancies: number[] }) {
  const { t } = useTranslation('channels');
  const intl = useIntl();
  const guests = new Intl.ListFormat(intl.locale, { type: 'unit', style: 'narrow' }).format(
    (sellMode === 'per_room' ? occupancies.slice(0, 1) : occupancies).map((n) => intl.number(n)),
  );
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {t(`mapping.sellMode.${sellMode}`)} · {t('mapping.guests')} <bdi>{guests}</bdi>
    </Typography>
  );
}

/**
 * The mapping form, once the provider's lists and the property's plans are read: each room type
 * with its remote room type, and under it each plan sold for it with its remote plan. Sent with the
 * connection's version; a stale version is reported to `onConflict` (the dialog reloads).
 */
function MappingForm({
  businessUuid,
  connection,
  context,
  formId,
  onConflict,
  onSaved,
  onSubmitting,
}: {
  businessUuid: string;
  connection: TChannelConnection;
  context: MappingContext;
  formId: string;
  onConflict: () => void;
  onSaved: () => void;
  onSubmitting: (submitting: boolean) => void;
}) {
  const { t } = useTranslation('channels');
  const intl = useIntl();
  const put = usePutChannelMapping(businessUuid);
  const [schema] = useState(() => mappingFormSchema(context));
  const form = useZodForm({
    schema,
    initialValues: { mapping: draftOf(context) },
    onSubmit: async ({ mapping }) => {
      onSubmitting(true);
      try {
        await put.mutateAsync({ id: connection.uuid, version: connection.version, mapping });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'version_conflict') return onConflict();
        throw error;
      } finally {
        onSubmitting(false);
      }
      showSnackbar({
        severity: 'success',
        message:
          connection.status === 'mapping'
            ? t('mapping.started', { name: connection.name })
            : t('mapping.saved'),
      });
      onSaved();
    },
  });
  const draft = form.values.mapping;
  const built = mappingOf(context, draft);
  const shown = new Set<string>();
  /** The message of a row of the mapping sent (`mapping.rooms.2`), counted as shown. */
  const messageAt = (prefix: string) => {
    const path = Object.keys(form.errors).find((p) => p.startsWith(`${prefix}.`));
    if (!path) return undefined;
    shown.add(path);
    return channelIssueMessage(t, form.errors[path]!);
  };
  const set = (patch: Partial<MappingDraft>) => form.setValue('mapping', { ...draft, ...patch });

  const setRoom = (room: TRoomTariff, remoteRoomId: string) => {
    const rates = { ...draft.rates };
    // A plan of the provider's previous room type cannot stay under another one.
    if (context.listsRemote) {
      const allowed = remotePlansOf(context.remote, remoteRoomId).map((p) => p.id);
      for (const plan of plansOf(context, room.uuid)) {
        const key = rateKey(room.uuid, plan.uuid);
        if (!allowed.includes(rates[key] ?? '')) rates[key] = '';
      }
    }
    set({ rooms: { ...draft.rooms, [room.uuid]: remoteRoomId }, rates });
  };

  const roomRow = (room: TRoomTariff) => {
    const remoteRoomId = draft.rooms[room.uuid] ?? '';
    const roomIndex = built.rooms.findIndex((entry) => entry.roomUuid === room.uuid);
    const plans = plansOf(context, room.uuid);
    const groupId = `${formId}-${room.uuid}`;
    return (
      <Stack key={room.uuid} spacing={1.5} role="group" aria-labelledby={groupId}>
        <Typography id={groupId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          <Named name={room.name} code={room.code} />
        </Typography>
        <RemoteField
          label={t(context.listsRemote ? 'mapping.remoteRoom' : 'mapping.remoteRoomCode')}
          value={remoteRoomId}
          options={context.listsRemote ? context.remote.rooms : null}
          error={roomIndex >= 0 ? messageAt(`mapping.rooms.${roomIndex}`) : undefined}
          helperText={context.listsRemote ? undefined : t('mapping.typedHelp')}
          onChange={(value) => setRoom(room, value)}
        />
        {plans.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('mapping.noPlans')}
          </Typography>
        )}
        {plans.length > 0 && (
          <Stack spacing={1.5} sx={{ paddingInlineStart: { xs: 1.5, sm: 3 } }}>
            {plans.map((plan) => planRow(room, plan, remoteRoomId))}
          </Stack>
        )}
      </Stack>
    );
  };

  const planRow = (room: TRoomTariff, plan: TRatePlan, remoteRoomId: string) => {
    const key = rateKey(room.uuid, plan.uuid);
    const value = draft.rates[key] ?? '';
    const index = built.rates.findIndex(
      (rate) => rate.roomUuid === room.uuid && rate.ratePlanUuid === plan.uuid,
    );
    const sent = index >= 0 ? built.rates[index]! : null;
    return (
      <div key={key}>
        <RemoteField
          label={`${plan.name} ${isolate(intl, `(${plan.code})`)}`}
          value={value}
          disabled={!remoteRoomId}
          options={
            context.listsRemote
              ? remoteRoomId
                ? remotePlansOf(context.remote, remoteRoomId)
                : []
              : null
          }
          error={index >= 0 ? messageAt(`mapping.rates.${index}`) : undefined}
          helperText={remoteRoomId ? undefined : t('mapping.roomFirst')}
          onChange={(next) => set({ rates: { ...draft.rates, [key]: next } })}
        />
        {sent && <Pricing sellMode={sent.sellMode} occupancies={sent.occupancies} />}
      </div>
    );
  };

  const rows = context.rooms.map(roomRow);
  const elsewhere = Object.keys(form.errors).filter((path) => !shown.has(path));
  return (
    <Stack component="form" id={formId} spacing={2.5} {...form.formProps}>
      {elsewhere.length > 0 && (
        <Alert severity="error" role="alert">
          {elsewhere.map((path) => channelIssueMessage(t, form.errors[path]!)).join(' ')}
        </Alert>
      )}
      <ConnectionFormAlert error={form.formError} />
      {rows.map((row, i) => (
        <Fragment key={context.rooms[i]!.uuid}>
          {i > 0 && <Divider />}
          {row}
        </Fragment>
      ))}
    </Stack>
  );
}

/**
 * Maps a connection: the provider's lists (and Tarifa's suggestion) are read, the form shown,
 * saved with the connection's version. A version someone else changed meanwhile is said, and the
 * form starts again from the connection as it is now. Confirming a new connection says that it
 * starts sending everything.
 */
export function MappingDialog({
  business,
  connection: listed,
  onClose,
}: {
  business: TBusiness;
  connection: TChannelConnection;
  onClose: () => void;
}) {
  const { t } = useTranslation('channels');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const formId = `${titleId}-form`;
  // The connection as it is now (its version), read again after a conflict.
  const fresh = useChannel(business.uuid, listed.uuid);
  const connection = fresh.data ?? listed;
  const remote = useChannelRemote(business.uuid, connection.uuid);
  const ratePlans = useRatePlans(business);
  const [conflict, setConflict] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const rooms = business.tariffConfiguration.roomsTariff;
  const { listsRemote } = connection.capabilities;
  const context = useMemo<MappingContext | null>(
    () =>
      remote.data && ratePlans.data
        ? {
            rooms,
            ratePlans: ratePlans.data.ratePlans,
            remote: remote.data,
            listsRemote,
            start: startOf(connection, remote.data),
          }
        : null,
    [rooms, ratePlans.data, remote.data, listsRemote, connection],
  );
  const isNew = connection.status === 'mapping';

  const body = () => {
    if (remote.isError) {
      return (
        <LoadErrorAlert error={remote.error} onRetry={remote.refetch}>
          {t('mapping.remoteFailed', { provider: t(`providers.${connection.provider}.name`) })}
        </LoadErrorAlert>
      );
    }
    if (ratePlans.isError) {
      return (
        <LoadErrorAlert error={ratePlans.error} onRetry={ratePlans.refetch}>
          {t('mapping.plansFailed')}
        </LoadErrorAlert>
      );
    }
    if (!context) {
      return (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('mapping.loading')}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      );
    }
    if (rooms.length === 0) return <Alert severity="info">{t('mapping.noRooms')}</Alert>;
    return (
      <MappingForm
        // Started again from the connection as it is now when its version moves.
        key={connection.version}
        businessUuid={business.uuid}
        connection={connection}
        context={context}
        formId={formId}
        onSubmitting={setSubmitting}
        onConflict={() => setConflict(true)}
        onSaved={onClose}
      />
    );
  };

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('mapping.title', { name: connection.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <DialogContentText>
            {t(listsRemote ? 'mapping.introListed' : 'mapping.introTyped', {
              provider: t(`providers.${connection.provider}.name`),
            })}
          </DialogContentText>
          {conflict && (
            <Alert severity="warning" role="alert">
              {t('mapping.conflict')}
            </Alert>
          )}
          {isNew && <Alert severity="info">{t('mapping.startsSending')}</Alert>}
          <Box>{body()}</Box>
        </Stack>
      </DialogContent>
      <FormDialogActions
        formId={formId}
        submitting={submitting}
        disabled={!context || rooms.length === 0}
        label={isNew ? t('mapping.confirm') : t('mapping.save')}
        onCancel={onClose}
      />
    </Dialog>
  );
}
