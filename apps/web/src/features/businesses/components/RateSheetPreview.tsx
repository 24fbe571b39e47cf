import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TRatePlan } from '@tarifa/contract';
import { longDate, usePrices } from '@/api/prices';
import { isolate } from '@/lib/bidi';
import { addDays, dayValue, todayIn } from '@/lib/dates';
import { useIntl } from '@/lib/intl';

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayValue(value));

/**
 * What the rate sheet makes of one night (docs/rate-plans.md): for a room type the owner picks,
 * each plan on sale for it, for each number of guests it takes, from that night's base price — the
 * prices a channel would get, before anything is approved.
 */
export function RateSheetPreview({
  business,
  plans,
}: {
  business: TBusiness;
  plans: readonly TRatePlan[];
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const rooms = business.tariffConfiguration.roomsTariff;
  const [night, setNight] = useState(() => addDays(todayIn(business.timezone), 7));
  const [roomUuid, setRoomUuid] = useState(rooms[0]?.uuid ?? '');
  const room = rooms.find((r) => r.uuid === roomUuid) ?? rooms[0];
  const valid = isDay(night);
  const prices = usePrices(business, night, night, Boolean(room) && valid, { rates: 'all' });
  const cell = prices.data?.prices.find((c) => c.roomUuid === room?.uuid);
  const guests = room ? Array.from({ length: room.guests.max }, (_, i) => i + 1) : [];
  const byPlan = useMemo(() => {
    const found = new Map<string, Map<number, number>>();
    for (const rate of cell?.rates ?? []) {
      const row = found.get(rate.ratePlanCode) ?? new Map<number, number>();
      row.set(rate.guests, rate.price);
      found.set(rate.ratePlanCode, row);
    }
    return found;
  }, [cell]);
  const shown = plans.filter((plan) => byPlan.has(plan.code));
  const money = (value: number) => intl.money(value, business.currency);

  if (!room) return null;
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="rate-sheet-preview">
      <Typography id="rate-sheet-preview" variant="subtitle1" component="h3">
        {t('ratePlans.preview.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {rooms.length > 1 && (
          <TextField
            select
            size="small"
            label={t('ratePlans.preview.room')}
            value={room.uuid}
            onChange={(event) => setRoomUuid(event.target.value)}
            sx={{ minInlineSize: 200 }}
          >
            {rooms.map((r) => (
              <MenuItem key={r.uuid} value={r.uuid}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          type="date"
          size="small"
          label={t('ratePlans.preview.night')}
          value={night}
          onChange={(event) => setNight(event.target.value)}
          error={!valid}
          helperText={valid ? undefined : t('ratePlans.preview.invalidNight')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {!valid ? null : prices.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void prices.refetch()}>{t('common:retry')}</Button>}
        >
          {t('ratePlans.preview.loadFailed')}
        </Alert>
      ) : prices.isPending ? (
        <Skeleton variant="rounded" height={96} aria-label={t('ratePlans.preview.loading')} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">
          {t('ratePlans.preview.none', { room: isolate(intl, room.name) })}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="rate-sheet-preview-caption">
          <caption id="rate-sheet-preview-caption">
            {t('ratePlans.preview.caption', {
              room: isolate(intl, room.name),
              night: longDate(intl, night),
              forGuests: t('ratePlans.preview.forGuests', { count: room.guests.standard }),
            })}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('ratePlans.preview.plan')}
              </TableCell>
              {guests.map((count) => (
                <TableCell key={count} component="th" scope="col" align="right">
                  {t('ratePlans.preview.guests', { count })}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((plan) => (
              <TableRow key={plan.uuid}>
                <TableCell component="th" scope="row">
                  {plan.name} <bdi>({plan.code})</bdi>
                </TableCell>
                {guests.map((count) => {
                  const price = byPlan.get(plan.code)?.get(count);
                  return (
                    <TableCell
                      key={count}
                      align="right"
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        fontWeight: plan.base && count === room.guests.standard ? 600 : undefined,
                      }}
                    >
                      {price === undefined ? '—' : money(price)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
