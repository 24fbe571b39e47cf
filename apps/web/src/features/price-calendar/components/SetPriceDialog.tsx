import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  toFieldIssues,
  ZOverridesBody,
  type TFieldIssue,
  type TOverridesBody,
  type TPriceCell,
  type TRoomTariff,
  type TOverride,
} from '@tarifa/contract';
import { FormAlert, issueMessage, toFormError, type FormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { currencySymbol, parseAmount } from '@/lib/numbers';
import { formatMoney } from '@/api/prices';
import { manualPriceGuards, type ManualPriceGuard } from '../utils/guards';
import { GuardSentences } from './GuardSentences';

interface SetPriceDialogProps {
  currency: string;
  /** Room types and nights chosen, without the price yet. */
  ranges: Omit<TOverride, 'price'>[];
  /** "Room types: 2 · Nights: 5 (10 prices)". */
  sizeText: string;
  /** The room types chosen, to warn when the price lies outside their minimum and maximum. */
  rooms: readonly TRoomTariff[];
  /** The calendar's cells by `cellKey`: the nights' recommended prices. */
  cells: ReadonlyMap<string, TPriceCell>;
  /** `settings.manualPriceWarnPercent`: how far from a recommendation a price may go unasked. */
  warnPercent: number;
  /** Sends the body; what it throws is shown. */
  onSubmit: (body: { overrides: TOverride[] }) => Promise<unknown>;
  onClose: () => void;
}

/**
 * "Set price" for the selection: one price for every room type and night chosen, checked with the
 * contract's `ZOverridesBody` before it is sent. A price outside a room's bounds, or further from a
 * night's recommendation than `warnPercent`, is confirmed first (the nights and bounds named):
 * going back saves nothing.
 */
export function SetPriceDialog({
  currency,
  ranges,
  sizeText,
  rooms,
  cells,
  warnPercent,
  onSubmit,
  onClose,
}: SetPriceDialogProps) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const [text, setText] = useState('');
  const [issue, setIssue] = useState<TFieldIssue | null>(null);
  const [formError, setFormError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The checked body and what it should be confirmed for, while the owner is asked. */
  const [asking, setAsking] = useState<{
    body: TOverridesBody;
    price: number;
    guards: ManualPriceGuard[];
  } | null>(null);

  const check = (value: string) => {
    const price = parseAmount(value);
    const result = ZOverridesBody.safeParse({
      overrides: ranges.map((range) => ({ ...range, price })),
    });
    if (result.success) return { body: result.data, issue: null };
    const issues = toFieldIssues(result.error);
    return {
      body: null,
      issue: issues.find((i) => i.path.endsWith('.price')) ?? issues[0] ?? null,
    };
  };

  const send = async (body: TOverridesBody) => {
    setSubmitting(true);
    try {
      await onSubmit(body);
    } catch (error) {
      setAsking(null);
      setFormError(toFormError(error));
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (asking) return send(asking.body);
    const checked = check(text);
    setIssue(checked.issue);
    setFormError(null);
    if (!checked.body) return;
    const price = checked.body.overrides[0]!.price;
    const guards = manualPriceGuards(
      price,
      ranges.flatMap((range) => {
        const room = rooms.find((r) => r.uuid === range.roomUuid);
        return room ? [{ room, from: range.from, to: range.to }] : [];
      }),
      cells,
      warnPercent,
    );
    if (guards.length > 0) setAsking({ body: checked.body, price, guards });
    else await send(checked.body);
  };

  const message = issue ? issueMessage(t, issue) : undefined;
  // Allowed, but the calendar will flag it: say so before it is sent.
  const typed = parseAmount(text);
  const outside =
    typed !== undefined && Number.isFinite(typed) && typed > 0
      ? rooms.filter((room) => typed < room.minPrice || typed > room.maxPrice)
      : [];
  const money = (value: number) => formatMoney(intl, value, currency);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        {asking ? (
          <>
            <DialogTitle>{t('guard.title')}</DialogTitle>
            <DialogContent>
              <Stack spacing={1.5} data-testid="price-guard">
                <GuardSentences
                  guards={asking.guards}
                  price={asking.price}
                  currency={currency}
                  warnPercent={warnPercent}
                />
                <DialogContentText>{t('guard.question')}</DialogContentText>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button color="inherit" onClick={() => setAsking(null)} disabled={submitting}>
                {t('guard.back')}
              </Button>
              <Button type="submit" variant="contained" color="warning" loading={submitting}>
                {t('guard.confirm')}
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogTitle>{t('setPrice.title')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText>{sizeText}</DialogContentText>
                <FormAlert error={formError} />
                <TextField
                  autoFocus
                  label={t('setPrice.price', { currency })}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    if (issue) setIssue(check(event.target.value).issue);
                  }}
                  error={Boolean(issue)}
                  helperText={message ?? t('setPrice.help')}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          {currencySymbol(intl.locale, currency)}
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                {outside.length > 0 && (
                  <Alert severity="warning">
                    {t('setPrice.outOfBounds', {
                      rooms: new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(
                        outside.map((room) =>
                          t('setPrice.bounds', {
                            room: room.name,
                            min: money(room.minPrice),
                            max: money(room.maxPrice),
                          }),
                        ),
                      ),
                    })}
                  </Alert>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button color="inherit" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {t('setPrice.submit')}
              </Button>
            </DialogActions>
          </>
        )}
      </form>
    </Dialog>
  );
}
