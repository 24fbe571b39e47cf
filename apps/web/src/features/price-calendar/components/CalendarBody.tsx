import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TBusiness,
  TRoomTariff,
  TClearOverridesQuery,
  TOverride,
  TPriceCell,
  TPriceChange,
} from '@tarifa/contract';
import { useNightMarks } from '@/api/events';
import { longDate } from '@/api/prices';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import { useClearOverrides, useSetOverrides } from '../api/prices';
import { useGridSelection, type GridPosition, type GridRange } from '../hooks/useGridSelection';
import { cellKey } from '../utils/cells';
import { dayValue } from '@/lib/dates';
import { PriceExplanation } from './PriceExplanation';
import { PriceGrid } from './PriceGrid';
import { SetPriceDialog } from './SetPriceDialog';
import { SetRestrictionsAction } from './marks/SetRestrictionsAction';

interface CalendarBodyProps {
  business: TBusiness;
  /** The room types shown (all of them, or the one picked on a phone). */
  rooms: readonly TRoomTariff[];
  nights: readonly string[];
  cells: ReadonlyMap<string, TPriceCell>;
  /** The changes waiting for approval, by cell. */
  changes: ReadonlyMap<string, TPriceChange>;
  today: string;
  label: string;
  roomy: boolean;
  /** Nights as columns, or on a phone as the rows of a list. */
  layout: 'columns' | 'list';
  /** The night to show first (focused, and scrolled to the start), again when `scrollKey` changes. */
  scrollTo: string | null;
  scrollKey: number;
  /** Told the first selected night (null when nothing is selected), for the week view. */
  onSelectNight: (night: string | null) => void;
  /**
   * The base plan's name when the prices shown are another plan's or another number of guests':
   * they follow the base plan's, so nothing is set on them here (no price, no restriction).
   */
  followsBase?: string | undefined;
}

/** A selection as a string, to tell whether it is still the one a first tap made. */
const spotOf = (range: GridRange) => `${range.rows.join('-')}/${range.cols.join('-')}`;

interface Target {
  rooms: readonly TRoomTariff[];
  from: string;
  to: string;
}

/**
 * The grid with its selection and what can be done with it: the explanation of a night, "Set
 * price" and "Clear override" for the selected room types and nights. Keyed by the range and room
 * types shown, so a new month starts with nothing selected.
 *
 * With a finger there is no Shift and no drag (a drag scrolls): a tap selects a night and opens
 * its explanation, and the next tap on another night stretches the selection to it. Until then
 * the line above the grid says so, with Cancel. The hint says what works with the pointer the
 * device has (`pointer: coarse` is a finger).
 */
export function CalendarBody({
  business,
  rooms,
  nights,
  cells,
  changes,
  today,
  label,
  roomy,
  layout,
  scrollTo,
  scrollKey,
  onSelectNight,
  followsBase,
}: CalendarBodyProps) {
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const finger = useMediaQuery('(pointer: coarse)', { noSsr: true });
  const selection = useGridSelection(
    rooms.length,
    nights.length,
    scrollTo ? nights.indexOf(scrollTo) : 0,
  );
  const [explaining, setExplaining] = useState<GridPosition | null>(null);
  /** Where a finger tapped first (and what that selected), waiting for the tap on the last. */
  const [rangeStart, setRangeStart] = useState<{ at: GridPosition; spot: string } | null>(null);
  const [pricing, setPricing] = useState<Target | null>(null);
  const setOverrides = useSetOverrides(business.uuid);
  const clearOverrides = useClearOverrides(business.uuid);
  const allRooms = business.tariffConfiguration.roomsTariff;
  const marks = useNightMarks(business, nights[0]!, nights.at(-1)!, nights.length > 0);
  const seasonNames = new Map(business.tariffConfiguration.sazonalities.map((s) => [s.id, s.name]));

  const targetOf = (range: GridRange): Target => ({
    rooms: rooms.slice(range.rows[0], range.rows[1] + 1),
    from: nights[range.cols[0]]!,
    to: nights[range.cols[1]]!,
  });
  const selected = selection.range && targetOf(selection.range);
  const range = selection.range;
  // Still waiting for the last night only while the first tap's selection is all that is selected.
  const picking = rangeStart !== null && range !== null && spotOf(range) === rangeStart.spot;
  const firstNight = selected?.from ?? null;
  useEffect(() => onSelectNight(firstNight), [firstNight, onSelectNight]);

  /** A finger's tap on a night (`whole`: on its header, every room type shown). */
  const onTap = (pos: GridPosition, whole: boolean) => {
    const same =
      picking && pos.col === rangeStart.at.col && (whole || pos.row === rangeStart.at.row);
    if (same) {
      // The same night again: that one night is the selection.
      setRangeStart(null);
    } else if (picking) {
      if (whole) selection.selectNight(pos.col, true);
      else selection.moveTo(pos, true);
      setRangeStart(null);
      setExplaining(null);
    } else {
      if (whole) selection.selectNight(pos.col);
      else selection.moveTo(pos);
      const rows: [number, number] = whole ? [0, rooms.length - 1] : [pos.row, pos.row];
      setRangeStart({ at: pos, spot: spotOf({ rows, cols: [pos.col, pos.col] }) });
      if (!whole || rooms.length === 1) setExplaining(pos);
    }
  };
  const cancel = () => {
    selection.clear();
    setRangeStart(null);
    setExplaining(null);
  };
  const cellsOf = (target: Target) =>
    target.rooms.flatMap((room) =>
      nights
        .filter((date) => date >= target.from && date <= target.to)
        .map((date) => cells.get(cellKey(room.uuid, date))),
    );
  const hasOverride = (target: Target) => cellsOf(target).some((cell) => cell?.override);

  const dateRange = (target: Target) =>
    new Intl.DateTimeFormat(intl.locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatRange(dayValue(target.from), dayValue(target.to));
  const sizeText = (target: Target) => {
    const nightCount = nights.filter((d) => d >= target.from && d <= target.to).length;
    return t('selection.size', {
      dates: dateRange(target),
      rooms: intl.number(target.rooms.length),
      nights: intl.number(nightCount),
      prices: intl.number(nightCount * target.rooms.length),
    });
  };

  const submitPrice = async (target: Target, body: { overrides: TOverride[] }) => {
    await setOverrides.mutateAsync(body);
    setPricing(null);
    showSnackbar({ message: t('setPrice.done', { size: sizeText(target) }), severity: 'success' });
  };

  const clear = (target: Target) => {
    const coversAll =
      target.rooms.length === allRooms.length &&
      allRooms.every((room) => target.rooms.some((r) => r.uuid === room.uuid));
    const ranges: TClearOverridesQuery[] = coversAll
      ? [{ from: target.from, to: target.to }]
      : target.rooms.map((room) => ({ roomUuid: room.uuid, from: target.from, to: target.to }));
    clearOverrides.mutate(ranges, {
      onSuccess: () =>
        showSnackbar({ message: t('clear.done', { size: sizeText(target) }), severity: 'success' }),
      onError: (error) =>
        showSnackbar({
          message: `${t('clear.failed')} ${errorMessage(t, error)}`,
          severity: 'error',
        }),
    });
  };

  const explained = explaining && {
    room: rooms[explaining.row]!,
    date: nights[explaining.col]!,
  };

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {picking && selected
            ? t('selection.pickLast', { date: longDate(intl, selected.from) })
            : selected
              ? t('selection.selected', { size: sizeText(selected) })
              : finger
                ? t('selection.noneTouch')
                : t('selection.none')}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          spacing={1}
          sx={{ flexShrink: 0, flexWrap: 'wrap', alignItems: 'center' }}
        >
          {picking && (
            <Button size="small" variant="text" onClick={cancel}>
              {t('actions.cancel')}
            </Button>
          )}
          {followsBase === undefined && (
            <>
              <SetRestrictionsAction
                businessUuid={business.uuid}
                target={
                  selected && {
                    roomUuids: selected.rooms.map((room) => room.uuid),
                    from: selected.from,
                    to: selected.to,
                  }
                }
                sizeText={selected ? sizeText(selected) : ''}
              />
              <Button
                variant="outlined"
                size="small"
                disabled={!selected || !hasOverride(selected)}
                loading={clearOverrides.isPending}
                onClick={() => selected && clear(selected)}
              >
                {t('actions.clearOverride')}
              </Button>
              <Button
                variant="contained"
                size="small"
                disabled={!selected}
                onClick={() => selected && setPricing(selected)}
              >
                {t('actions.setPrice')}
              </Button>
            </>
          )}
        </Stack>
      </Stack>

      <PriceGrid
        rooms={rooms}
        nights={nights}
        cells={cells}
        changes={changes}
        seasonNames={seasonNames}
        today={today}
        currency={business.currency}
        label={label}
        selection={selection}
        onOpen={setExplaining}
        roomy={roomy}
        marks={marks}
        layout={layout}
        scrollTo={scrollTo}
        scrollKey={scrollKey}
        onTap={onTap}
      />

      {explained && (
        <PriceExplanation
          room={explained.room}
          date={explained.date}
          cell={cells.get(cellKey(explained.room.uuid, explained.date))}
          change={changes.get(cellKey(explained.room.uuid, explained.date))}
          businessUuid={business.uuid}
          rooms={allRooms}
          currency={business.currency}
          today={today}
          onClose={() => setExplaining(null)}
          followsBase={followsBase}
          onSetPrice={() =>
            setPricing({ rooms: [explained.room], from: explained.date, to: explained.date })
          }
          onClearOverride={() =>
            clear({ rooms: [explained.room], from: explained.date, to: explained.date })
          }
        />
      )}
      {pricing && (
        <SetPriceDialog
          currency={business.currency}
          ranges={pricing.rooms.map((room) => ({
            roomUuid: room.uuid,
            from: pricing.from,
            to: pricing.to,
          }))}
          sizeText={sizeText(pricing)}
          rooms={pricing.rooms}
          cells={cells}
          warnPercent={business.tariffConfiguration.settings.manualPriceWarnPercent}
          onSubmit={(body) => submitPrice(pricing, body)}
          onClose={() => setPricing(null)}
        />
      )}
    </Stack>
  );
}
