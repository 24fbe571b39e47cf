import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZRoomsTariffBody,
  type TBusiness,
  type TRoomTariff,
  type TRoomTariffFields,
} from '@tarifa/contract';
import { issueMessage, toFormError, type FormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useSaveRoomsTariff } from '../api';
import { derivedPrice } from '../utils/examplePrice';
import { issuesOf, type IssuesByPath } from '../utils/issues';
import { amountText, parseNumberInput } from '@/lib/numbers';
import { inFamilyOrder, roomsOf, toRoomInput } from '../utils/rooms';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { describeOffset } from './DerivedExplanation';
import { MoneyField } from './MoneyField';

type PriceField = 'basePrice' | 'minPrice' | 'maxPrice';
type Draft = Record<string, Record<PriceField, string>>;

/** The prices as the owner types them back in `locale` ("89,50" in Portuguese). */
export function draftOf(rooms: TRoomTariff[], locale: string): Draft {
  return Object.fromEntries(
    rooms.map((room) => [
      room.uuid,
      {
        basePrice: amountText(room.basePrice, locale),
        minPrice: amountText(room.minPrice, locale),
        maxPrice: amountText(room.maxPrice, locale),
      },
    ]),
  );
}

/** The list the rooms-tariff call takes, with the draft's prices (a derived base follows its parent). */
export function withDraftPrices(rooms: TRoomTariff[], draft: Draft): TRoomTariffFields[] {
  const price = (uuid: string, field: PriceField) =>
    parseNumberInput(draft[uuid]?.[field] ?? '') as number;
  return rooms.map((room) => {
    const from = room.derivedFrom;
    const base =
      from && typeof price(from.roomUuid, 'basePrice') === 'number'
        ? derivedPrice(price(from.roomUuid, 'basePrice'), from)
        : price(room.uuid, 'basePrice');
    return {
      ...toRoomInput(room),
      basePrice: base,
      minPrice: price(room.uuid, 'minPrice'),
      maxPrice: price(room.uuid, 'maxPrice'),
    };
  });
}

/**
 * Base, minimum and maximum price of every room type, saved together (rooms-tariff call). A room
 * type that follows another shows its starting price (from its parent's) and keeps its own bounds.
 */
export function RoomPricesForm({
  business,
  onDirtyChange,
  onDraftChange,
  preview,
}: {
  business: TBusiness;
  onDirtyChange?: (dirty: boolean) => void;
  onDraftChange?: (rooms: TRoomTariffFields[]) => void;
  /** What the prices on screen would do to the recommended ones, shown above the buttons. */
  preview?: ReactNode;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const rooms = roomsOf(business);
  const save = useSaveRoomsTariff({ errors: 'form' });
  const [initial] = useState(() => draftOf(rooms, intl.locale));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<IssuesByPath>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const currency = business.currency;
  const money = (value: number) => intl.money(value, currency);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  // Shown afresh (first time, after a save or a reload): nothing is pending.
  useEffect(() => {
    onDirtyChange?.(false);
    onDraftChange?.(withDraftPrices(rooms, initial));
    // Once per mount: the host keys this form by the stored room types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (uuid: string, field: PriceField, value: string) => {
    const next = { ...draft, [uuid]: { ...draft[uuid]!, [field]: value } };
    setDraft(next);
    setErrors(({ [`${uuid}.${field}`]: _gone, ...rest }) => rest);
    onDirtyChange?.(JSON.stringify(next) !== JSON.stringify(initial));
    onDraftChange?.(withDraftPrices(rooms, next));
  };

  /** `roomsTariff.3.minPrice` → `<uuid>.minPrice`. */
  const byRoom = (issues: IssuesByPath): IssuesByPath =>
    Object.fromEntries(
      Object.entries(issues).map(([path, issue]) => {
        const [index, field] = path.split('.');
        const room = rooms[Number(index)];
        return [room && field ? `${room.uuid}.${field}` : path, issue];
      }),
    );

  const submit = async () => {
    setFormError(null);
    const list = withDraftPrices(rooms, draft);
    const checked = ZRoomsTariffBody.safeParse({ roomsTariff: list });
    if (!checked.success) {
      setErrors(byRoom(issuesOf(checked.error, 'roomsTariff.')));
      return;
    }
    try {
      await save.mutateAsync({ uuid: business.uuid, roomsTariff: list, version: business.version });
      onDirtyChange?.(false);
    } catch (error) {
      const issues = byRoom(issuesOf(error, 'roomsTariff.'));
      setErrors(issues);
      if (Object.keys(issues).length === 0) setFormError(toFormError(error));
    }
  };

  const field = (room: TRoomTariff, name: PriceField, label: string) => {
    const issue = errors[`${room.uuid}.${name}`];
    return (
      <MoneyField
        currency={currency}
        label={label}
        required
        fullWidth
        size="small"
        value={draft[room.uuid]?.[name] ?? ''}
        onChange={(event) => change(room.uuid, name, event.target.value)}
        error={Boolean(issue)}
        helperText={issue ? issueMessage(t, issue) : undefined}
        slotProps={{
          htmlInput: { 'aria-label': t('prices.fieldOf', { field: label, name: room.name }) },
        }}
      />
    );
  };

  return (
    <Card component="section" aria-labelledby="room-prices-title">
      <CardContent>
        <Stack spacing={3}>
          <div>
            <Typography id="room-prices-title" variant="h5" component="h2">
              {t('prices.title')}
            </Typography>
            <Typography color="text.secondary">{t('prices.intro')}</Typography>
          </div>
          <BusinessErrorAlert error={formError} />
          {inFamilyOrder(rooms).map((room) => {
            const from = room.derivedFrom;
            const parent = from && rooms.find((r) => r.uuid === from.roomUuid);
            const parentBase = parent && parseNumberInput(draft[parent.uuid]?.basePrice ?? '');
            const baseIssue = errors[`${room.uuid}.basePrice`];
            return (
              <Stack
                key={room.uuid}
                spacing={1}
                component="fieldset"
                sx={{ border: 0, p: 0, m: 0 }}
              >
                <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  {room.name}
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    {from && parent ? (
                      <Stack sx={{ py: 0.5 }}>
                        <Typography variant="body2">
                          {t('rooms.follows', {
                            parent: parent.name,
                            offset: describeOffset(t, intl, from, currency),
                          })}
                        </Typography>
                        {typeof parentBase === 'number' && !Number.isNaN(parentBase) && (
                          <Typography variant="body2" color="text.secondary">
                            {t('rooms.nowCosts', { price: money(derivedPrice(parentBase, from)) })}
                          </Typography>
                        )}
                        {baseIssue && (
                          <Typography variant="body2" color="error">
                            {issueMessage(t, baseIssue)}
                          </Typography>
                        )}
                      </Stack>
                    ) : (
                      field(room, 'basePrice', t('prices.base'))
                    )}
                  </Grid>
                  <Grid size={{ xs: 6, sm: 4 }}>{field(room, 'minPrice', t('prices.min'))}</Grid>
                  <Grid size={{ xs: 6, sm: 4 }}>{field(room, 'maxPrice', t('prices.max'))}</Grid>
                </Grid>
              </Stack>
            );
          })}
          {preview}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              disabled={!dirty || save.isPending}
              onClick={() => {
                setDraft(initial);
                setErrors({});
                onDirtyChange?.(false);
                onDraftChange?.(withDraftPrices(rooms, initial));
              }}
            >
              {t('actions.discard')}
            </Button>
            <Button variant="contained" loading={save.isPending} onClick={() => void submit()}>
              {t('prices.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
