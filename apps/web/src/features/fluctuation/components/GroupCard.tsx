import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFluctuationLevelGroup, TRoomTariff } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { isolate } from '@/lib/bidi';

const FluctuationChart = lazy(() => import('./FluctuationChart'));

interface GroupCardProps {
  group: TFluctuationLevelGroup;
  rooms: readonly TRoomTariff[];
  currency: string;
  onEdit: () => void;
}

/** One group of occupancy levels: which room types it covers, its steps, and its chart. */
export function GroupCard({ group, rooms, currency, onEdit }: GroupCardProps) {
  const { t } = useTranslation('fluctuation');
  const intl = useIntl();
  const titleId = useId();
  const list = new Intl.ListFormat(intl.locale, { type: 'conjunction' });
  const covered = rooms.filter(
    (r) => group.roomUuids.length === 0 || group.roomUuids.includes(r.uuid),
  );
  const example = covered.find((r) => !r.derivedFrom);
  const change = (v: number) =>
    intl.number(v / 100, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 2 });

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ blockSize: '100%' }}>
      <CardHeader
        title={group.name}
        subheader={
          group.roomUuids.length === 0
            ? t('card.allRooms')
            : t('card.someRooms', { rooms: list.format(covered.map((r) => r.name)) })
        }
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h5' } }}
        action={
          <Button
            startIcon={<EditIcon />}
            onClick={onEdit}
            aria-label={t('card.editNamed', { name: group.name })}
          >
            {t('card.edit')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          component="ul"
          aria-label={t('card.steps')}
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, mb: 1 }}
        >
          {group.levels.map((level) => (
            <li key={level.occupancyFrom}>
              <Chip
                size="small"
                variant="outlined"
                label={t('card.step', {
                  occupancy: isolate(intl, intl.percent(level.occupancyFrom / 100)),
                  change: isolate(intl, change(level.adjustmentPercent)),
                })}
              />
            </li>
          ))}
        </Stack>
        <Suspense fallback={<Box sx={{ blockSize: 240 }} />}>
          <FluctuationChart levels={group.levels} room={example} currency={currency} height={240} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
