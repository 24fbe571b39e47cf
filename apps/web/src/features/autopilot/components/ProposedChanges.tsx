import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAutopilotChange, TBusiness, TSazonality } from '@tarifa/contract';
import { formatMoney, formatMoneyChange, formatPercentChange } from '@/api/prices';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';
import { readableChanges, type ChangeRow } from '../utils/changes';

/** One kind of change under its heading, as a list named by it. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="subtitle1" component="h3" color="text.secondary">
        {title}
      </Typography>
      <List dense disablePadding aria-labelledby={id}>
        {children}
      </List>
    </Box>
  );
}

/** A named thing and its lines (a room type's prices, a season, a group's steps). */
function Item({ primary, lines }: { primary: ReactNode; lines: ReactNode[] }) {
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start' }}>
      <ListItemText
        primary={primary}
        secondary={lines.map((line, i) => (
          <Box component="span" key={i} sx={{ display: 'block' }}>
            {line}
          </Box>
        ))}
      />
    </ListItem>
  );
}

/**
 * The suggestion's changes as the owner reads them on the settings pages, before → after, by kind
 * side by side on a wide screen: the room types' base prices and bounds, the seasons'
 * adjustments, the occupancy steps, and the lead-time rules now and suggested.
 */
export function ProposedChanges({
  business,
  changes,
}: {
  business: TBusiness;
  changes: TAutopilotChange[];
}) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const rows = readableChanges(business.tariffConfiguration, changes);
  const money = (value: number) => formatMoney(intl, value, business.currency);
  const percent = (value: number | null) =>
    value === null ? t('changes.nothing') : formatPercentChange(intl, value);
  const adjustment = (a: Pick<TSazonality, 'adjustmentType' | 'value'>) =>
    a.adjustmentType === 'percent'
      ? formatPercentChange(intl, a.value)
      : a.adjustmentType === 'amount'
        ? formatMoneyChange(intl, a.value, business.currency)
        : money(a.value);
  const of = <K extends ChangeRow['kind']>(kind: K) =>
    rows.filter((row): row is Extract<ChangeRow, { kind: K }> => row.kind === kind);

  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('changes.none')}</Typography>;
  }
  const rooms = of('room');
  const seasons = of('season');
  const groups = of('occupancy');
  const leadTime = of('leadTime')[0];
  const rules = (list: { fromDays: number; toDays: number; adjustmentPercent: number }[]) =>
    list.length === 0
      ? [t('changes.noRules')]
      : list.map((rule) =>
          t('changes.rule', {
            from: intl.number(rule.fromDays),
            to: intl.number(rule.toDays),
            change: formatPercentChange(intl, rule.adjustmentPercent),
          }),
        );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {rooms.length > 0 && (
        <Part title={t('changes.rooms')}>
          {rooms.map((row) => (
            <Item
              key={row.name}
              primary={row.name}
              lines={row.moves.map((m) =>
                t('changes.fieldMove', {
                  field: t(`changes.${m.field}`),
                  before: money(m.before),
                  after: money(m.after),
                }),
              )}
            />
          ))}
        </Part>
      )}
      {(seasons.length > 0 || groups.length > 0) && (
        <Stack spacing={3}>
          {seasons.length > 0 && (
            <Part title={t('changes.seasons')}>
              {seasons.map((row) => (
                <Item
                  key={row.name}
                  primary={row.name}
                  lines={[
                    t('changes.move', {
                      before: adjustment(row.before),
                      after: formatPercentChange(intl, row.after),
                    }),
                  ]}
                />
              ))}
            </Part>
          )}
          {groups.length > 0 && (
            <Part title={t('changes.occupancy')}>
              {groups.map((row) => (
                <Item
                  key={row.name}
                  primary={row.isNew ? t('changes.newGroup', { name: row.name }) : row.name}
                  lines={row.steps.map((step) =>
                    t('changes.stepMove', {
                      occupancy: isolate(intl, intl.percent(step.from / 100)),
                      before: percent(step.before),
                      after: percent(step.after),
                    }),
                  )}
                />
              ))}
            </Part>
          )}
        </Stack>
      )}
      {leadTime && (
        <Part title={t('changes.leadTime')}>
          <Item primary={t('changes.now')} lines={rules(leadTime.before)} />
          <Item primary={t('changes.suggested')} lines={rules(leadTime.after)} />
        </Part>
      )}
    </Box>
  );
}
