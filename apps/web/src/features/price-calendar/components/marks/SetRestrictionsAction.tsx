import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  toFieldIssues,
  ZRestrictionOverridesBody,
  type TClearRestrictionOverridesQuery,
  type TPricesResponse,
  type TRestrictionOverridesBody,
} from '@tarifa/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { FormAlert, toFormError, type FormError } from '@/lib/forms';
import { parseAmount } from '@/lib/numbers';
import { priceKeys } from '@/api/prices';
import { showSnackbar } from '@/lib/snackbar';

/** What a closed-to field does: leave the cells as they are, close, open, or follow the rules. */
type Closure = 'keep' | 'closed' | 'open' | 'rules';
const closures: Closure[] = ['keep', 'closed', 'open', 'rules'];
const closureValue = { keep: undefined, closed: true, open: false, rules: null } as const;

interface Target {
  roomUuids: string[];
  from: string;
  to: string;
}

/**
 * "Set restrictions" for the calendar's selection: a minimum and maximum stay (blank: left as
 * they are) and closed to arrival or departure, for every room type and night chosen, or every
 * cell's own restrictions cleared back to the rules.
 */
export function SetRestrictionsAction({
  businessUuid,
  target,
  sizeText,
}: {
  businessUuid: string;
  target: Target | null;
  /** "Room types: 2 · Nights: 5". */
  sizeText: string;
}) {
  const { t } = useTranslation('restrictions');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [minStay, setMinStay] = useState('');
  const [maxStay, setMaxStay] = useState('');
  const [arrival, setArrival] = useState<Closure>('keep');
  const [departure, setDeparture] = useState<Closure>('keep');
  const [error, setError] = useState<FormError | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) });
  const path = '/restrictions/overrides';
  const save = useMutation({
    mutationFn: (body: TRestrictionOverridesBody) =>
      api<TPricesResponse>(businessPath(businessUuid, path), { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const clear = useMutation({
    mutationFn: (query: TClearRestrictionOverridesQuery[]) =>
      Promise.all(
        query.map((q) =>
          api<TPricesResponse>(businessPath(businessUuid, `${path}${searchOf(q)}`), {
            method: 'DELETE',
          }),
        ),
      ),
    onSettled: refresh,
  });

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const done = () => {
    close();
    showSnackbar({ message: t('bulk.done', { size: sizeText }), severity: 'success' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const number = (text: string) => (text.trim() === '' ? undefined : parseAmount(text));
    const body = {
      overrides: target.roomUuids.map((roomUuid) => ({
        roomUuid,
        from: target.from,
        to: target.to,
        minStay: number(minStay),
        maxStay: number(maxStay),
        closedToArrival: closureValue[arrival],
        closedToDeparture: closureValue[departure],
      })),
    };
    const checked = ZRestrictionOverridesBody.safeParse(body);
    if (!checked.success) {
      setError(toFormError(toFieldIssues(checked.error)));
      return;
    }
    try {
      await save.mutateAsync(body);
      done();
    } catch (failure) {
      setError(toFormError(failure));
    }
  };

  const reset = async () => {
    if (!target) return;
    try {
      await clear.mutateAsync(
        target.roomUuids.map((roomUuid) => ({ roomUuid, from: target.from, to: target.to })),
      );
      done();
    } catch (failure) {
      setError(toFormError(failure));
    }
  };

  const closureField = (label: string, value: Closure, set: (v: Closure) => void) => (
    <TextField select label={label} value={value} onChange={(e) => set(e.target.value as Closure)}>
      {closures.map((c) => (
        <MenuItem key={c} value={c}>
          {t(`bulk.closure.${c}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Button variant="outlined" size="small" disabled={!target} onClick={() => setOpen(true)}>
        {t('bulk.action')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="set-restrictions-title">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id="set-restrictions-title">{t('bulk.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <DialogContentText>{sizeText}</DialogContentText>
              {error && <FormAlert error={error} />}
              <TextField
                label={t('bulk.minStay')}
                value={minStay}
                onChange={(event) => setMinStay(event.target.value.replace(/\D/g, ''))}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
              <TextField
                label={t('bulk.maxStay')}
                value={maxStay}
                onChange={(event) => setMaxStay(event.target.value.replace(/\D/g, ''))}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
              {closureField(t('settings.closedToArrival'), arrival, setArrival)}
              {closureField(t('settings.closedToDeparture'), departure, setDeparture)}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void reset()} loading={clear.isPending}>
              {t('bulk.reset')}
            </Button>
            <Button onClick={close}>{t('bulk.cancel')}</Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('bulk.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
