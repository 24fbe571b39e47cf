import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  weekdays,
  type TRoomTariffFields,
  type TTariffSettings,
  type TWeekday,
} from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { clamp, leadTimeRuleFor, roundPrice, withPercent } from '../utils/examplePrice';

interface Step {
  label: string;
  price: number;
}

/** The price of one night worked out step by step with the settings on screen, in the order the API prices it. */
function examplePriceSteps(
  room: TRoomTariffFields,
  settings: TTariffSettings,
  day: TWeekday,
  daysAhead: number,
  labels: {
    base: string;
    weekday: (percent: number) => string;
    leadTime: (percent: number) => string;
    bounds: string;
    rounding: string;
  },
): Step[] {
  const steps: Step[] = [{ label: labels.base, price: room.basePrice }];
  let price = room.basePrice;
  const weekday = settings.weekdayAdjustments[day];
  if (weekday) {
    price = withPercent(price, weekday);
    steps.push({ label: labels.weekday(weekday), price });
  }
  const rule = leadTimeRuleFor(daysAhead, settings.leadTimeRules);
  if (rule?.adjustmentPercent) {
    price = withPercent(price, rule.adjustmentPercent);
    steps.push({ label: labels.leadTime(rule.adjustmentPercent), price });
  }
  const bounded = clamp(price, room.minPrice, room.maxPrice);
  if (bounded !== price) steps.push({ label: labels.bounds, price: (price = bounded) });
  const rounded = roundPrice(price, settings.rounding, room.minPrice, room.maxPrice);
  if (rounded !== price) steps.push({ label: labels.rounding, price: rounded });
  return steps;
}

/**
 * "What would a night cost?": pick a room type, a weekday and how far ahead it is booked, and see
 * the price go through each setting, with the values being edited (seasons and occupancy levels,
 * set elsewhere, are left out and said so).
 */
export function ExamplePricePanel({
  rooms,
  settings,
  currency,
}: {
  rooms: (TRoomTariffFields & { uuid: string })[];
  settings: TTariffSettings;
  currency: string;
}) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const [roomUuid, setRoomUuid] = useState(rooms[0]?.uuid ?? '');
  const [day, setDay] = useState<TWeekday>('sat');
  const [daysAhead, setDaysAhead] = useState('30');
  const room = rooms.find((r) => r.uuid === roomUuid) ?? rooms[0];
  const ahead = Math.max(0, Math.trunc(Number(daysAhead) || 0));
  const dayNames = intl.weekdays('long');
  const money = (value: number) => intl.money(value, currency);
  const percent = (value: number) =>
    intl.number(value / 100, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'always' });
  if (!room || [room.basePrice, room.minPrice, room.maxPrice].some((v) => !Number.isFinite(v)))
    return null;
  const steps = examplePriceSteps(room, settings, day, ahead, {
    base: t('example.base'),
    weekday: (p) =>
      t('example.weekday', { day: dayNames[weekdays.indexOf(day)], percent: percent(p) }),
    leadTime: (p) => t('example.leadTime', { percent: percent(p) }),
    bounds: t('example.bounds', { min: money(room.minPrice), max: money(room.maxPrice) }),
    rounding: t('example.rounding'),
  });
  const final = steps.at(-1)!.price;

  return (
    <Card
      component="aside"
      aria-labelledby="example-price-title"
      sx={{ position: { md: 'sticky' }, top: { md: 96 } }}
    >
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography id="example-price-title" variant="h6" component="h2">
              {t('example.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('example.intro')}
            </Typography>
          </div>
          <TextField
            select
            size="small"
            label={t('example.room')}
            value={room.uuid}
            onChange={(event) => setRoomUuid(event.target.value)}
          >
            {rooms.map((r) => (
              <MenuItem key={r.uuid} value={r.uuid}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              fullWidth
              label={t('example.night')}
              value={day}
              onChange={(event) => setDay(event.target.value as TWeekday)}
            >
              {weekdays.map((d, i) => (
                <MenuItem key={d} value={d}>
                  {dayNames[i]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              fullWidth
              label={t('example.daysAhead')}
              value={daysAhead}
              onChange={(event) => setDaysAhead(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <Stack
            component="ol"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-live="polite"
          >
            {steps.map((step, i) => (
              <Stack
                component="li"
                key={i}
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between' }}
              >
                <Typography variant="body2" color="text.secondary">
                  {step.label}
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(step.price)}
                </Typography>
              </Stack>
            ))}
          </Stack>
          <Divider />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('example.result')}</Typography>
            <Typography variant="h5" component="p" color="primary" data-testid="example-price">
              {money(final)}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('example.note')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
