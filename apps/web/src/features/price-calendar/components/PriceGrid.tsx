import EditIcon from '@mui/icons-material/Edit';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoomTariff, TPriceCell, TPriceChange } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import type { GridPosition, GridSelection } from '../hooks/useGridSelection';
import { dayValue, isWeekend } from '@/lib/dates';
import { gridFormatters } from '../utils/format';
import { occupancyBand } from '../utils/occupancy';
import { cellKey } from '../utils/cells';
import { useMarkText, type NightMark } from '@/api/events';
import { EventMark, NightMarkIcon } from './marks/EventMark';
import { MarketMark } from './marks/MarketMark';
import { RestrictionMarks } from './marks/RestrictionMarks';

interface PriceGridProps {
  /** The room types shown, one row each. */
  rooms: readonly TRoomTariff[];
  /** The nights shown, one column each. */
  nights: readonly string[];
  cells: ReadonlyMap<string, TPriceCell>;
  /** The changes waiting for approval, by cell (`cellKey`). */
  changes?: ReadonlyMap<string, TPriceChange>;
  /** Season names by id, to name a season's first night. */
  seasonNames: ReadonlyMap<string, string>;
  today: string;
  currency: string;
  /** The grid's name for screen readers ("Prices, August 2026"). */
  label: string;
  selection: GridSelection;
  /** A cell was clicked, or Enter pressed on it: show why it has its price. */
  onOpen: (pos: GridPosition) => void;
  /** Wider cells (a week). */
  roomy?: boolean;
  /** The holidays and events of each night, marked on its header and cells. */
  marks?: ReadonlyMap<string, NightMark[]>;
  /**
   * `columns`: room types as rows, nights as columns (a screen wide enough). `list`: nights as
   * rows, room types as columns, scrolling up and down (a phone).
   */
  layout?: 'columns' | 'list';
  /**
   * The night brought to the start of the scrolling area (just after the room types' column, or
   * under the header in a list): on the first drawing, and again whenever `scrollKey` changes.
   */
  scrollTo?: string | null;
  scrollKey?: number;
  /**
   * A night was tapped with a finger (a touch screen's range selection instead of Shift); `whole`
   * when its header was, for every room type shown.
   */
  onTap?: (pos: GridPosition, whole: boolean) => void;
}

/** What marks a night: overrides, unpublished changes, a season starting or ending, today. */
function cellFlags(
  cell: TPriceCell | undefined,
  previous: TPriceCell | undefined,
): {
  overridden: boolean;
  outOfBounds: boolean;
  unpublished: boolean;
  seasonChange: 'start' | 'end' | null;
} {
  const seasonChanged =
    previous !== undefined && cell !== undefined && previous.seasonId !== cell.seasonId;
  return {
    overridden: Boolean(cell?.override),
    outOfBounds: Boolean(cell?.override?.outOfBounds),
    unpublished:
      cell !== undefined &&
      cell.publishedPrice !== null &&
      cell.publishedPrice !== cell.recommendedPrice,
    seasonChange: seasonChanged ? (cell.seasonId ? 'start' : 'end') : null,
  };
}

/**
 * The price calendar, an ARIA grid: room types as rows and nights as columns, or on a phone nights
 * as rows (`layout="list"`). One cell takes Tab; the arrow keys move between cells (following the
 * reading direction; in a list up and down are the nights), Shift stretches the selection, Enter
 * explains the price. With the mouse: click, Shift-click or drag; with a finger, `onTap`.
 */
export function PriceGrid({
  rooms,
  nights,
  cells,
  changes,
  seasonNames,
  today,
  currency,
  label,
  selection,
  onOpen,
  roomy = false,
  marks,
  layout = 'columns',
  scrollTo = null,
  scrollKey = 0,
  onTap,
}: PriceGridProps) {
  const markText = useMarkText();
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const list = layout === 'list';
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const dragging = useRef(false);
  /** What the last press was made with: a finger's tap selects a range in two taps, no drag. */
  const pointer = useRef('mouse');
  const fmt = useMemo(() => gridFormatters(intl, currency), [intl, currency]);
  /** What each column needs, worked out once per range and language. */
  const columns = useMemo(() => {
    const weekdayShort = new Intl.DateTimeFormat(intl.locale, {
      weekday: 'short',
      timeZone: 'UTC',
    });
    const dayNumber = new Intl.DateTimeFormat(intl.locale, { day: 'numeric', timeZone: 'UTC' });
    return nights.map((date) => ({
      date,
      long: fmt.longDate(date),
      weekday: weekdayShort.format(dayValue(date)),
      day: dayNumber.format(dayValue(date)),
      weekend: isWeekend(date),
    }));
  }, [nights, intl, fmt]);

  // Bring the night asked for to the start of what shows: beside the sticky room types' column
  // (whichever side the reading direction puts it), or under the sticky header of a list.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const target = scrollTo && box?.querySelector<HTMLElement>(`[data-night="${scrollTo}"]`);
    const corner = box?.querySelector<HTMLElement>('[data-corner]');
    if (!box || !target || !corner) return;
    const at = target.getBoundingClientRect();
    const stuck = corner.getBoundingClientRect();
    if (list) box.scrollTop += at.top - stuck.bottom;
    else box.scrollLeft += rtl ? at.right - stuck.left : at.left - stuck.right;
  }, [scrollTo, scrollKey, list, rtl]);

  const focusCell = (pos: GridPosition) =>
    tableRef.current
      ?.querySelector<HTMLElement>(`[data-row="${pos.row}"][data-col="${pos.col}"]`)
      ?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    const extend = event.shiftKey;
    // Right is forward in left-to-right text; in a list, up and down go through the nights.
    const right = rtl ? -1 : 1;
    let move: [number, number] | null = null;
    switch (event.key) {
      case 'ArrowRight':
        move = list ? [right, 0] : [0, right];
        break;
      case 'ArrowLeft':
        move = list ? [-right, 0] : [0, -right];
        break;
      case 'ArrowUp':
        move = list ? [0, -1] : [-1, 0];
        break;
      case 'ArrowDown':
        move = list ? [0, 1] : [1, 0];
        break;
      case 'Home':
        move = [event.ctrlKey ? -rooms.length : 0, -nights.length];
        break;
      case 'End':
        move = [event.ctrlKey ? rooms.length : 0, nights.length];
        break;
      case 'Enter':
        event.preventDefault();
        onOpen(selection.focus);
        return;
      default:
        return;
    }
    event.preventDefault();
    focusCell(selection.moveBy(move[0], move[1], extend));
  };

  const touched = () => pointer.current === 'touch' && onTap !== undefined;
  const onMouseDown = (event: MouseEvent, pos: GridPosition) => {
    // A finger's press is the start of a scroll or a tap, never a drag.
    if (event.button !== 0 || touched()) return;
    dragging.current = true;
    selection.moveTo(pos, event.shiftKey);
  };
  const onMouseEnter = (event: MouseEvent, pos: GridPosition) => {
    if (dragging.current && event.buttons === 1) selection.moveTo(pos, true);
  };
  const onClick = (event: MouseEvent, pos: GridPosition) => {
    if (touched()) {
      onTap!(pos, false);
      return;
    }
    const range = selection.range;
    const single = !range || (range.rows[0] === range.rows[1] && range.cols[0] === range.cols[1]);
    if (!event.shiftKey && single) onOpen(pos);
  };

  /** A night's header selects it for every room type shown (Shift: from the selection's start). */
  const onHeaderClick = (event: MouseEvent, col: number) => {
    if (touched()) {
      onTap!({ row: 0, col }, true);
      return;
    }
    selection.selectNight(col, event.shiftKey);
    if (!event.shiftKey && rooms.length === 1) onOpen({ row: 0, col });
  };
  const rememberPointer = (event: PointerEvent) => (pointer.current = event.pointerType);

  const money = fmt.money;

  /** A night's header: a column's head, or in a list the head of its row. */
  const nightHeader = (
    { date, long, weekday, day, weekend }: (typeof columns)[number],
    col: number,
  ) => {
    const isToday = date === today;
    return (
      <Box
        component="th"
        role={list ? 'rowheader' : 'columnheader'}
        scope={list ? 'row' : 'col'}
        key={date}
        data-night={date}
        aria-label={isToday ? t('grid.todayHeader', { date: long }) : long}
        aria-current={isToday ? 'date' : undefined}
        onPointerDown={rememberPointer}
        onClick={(event: MouseEvent) => onHeaderClick(event, col)}
        sx={(th) => ({
          cursor: 'pointer',
          touchAction: 'manipulation',
          minInlineSize: list ? 88 : roomy ? 96 : 64,
          py: 0.5,
          px: list ? 1.5 : 0.5,
          fontSize: '0.75rem',
          fontWeight: isToday ? 700 : 500,
          color: isToday ? 'primary.main' : 'text.secondary',
          bgcolor: weekend ? alpha(th.palette.text.primary, 0.06) : 'background.paper',
          [list ? 'borderInlineStart' : 'borderBlockEnd']: isToday
            ? `3px solid ${th.palette.primary.main} !important`
            : undefined,
        })}
      >
        <Box
          component="span"
          sx={{
            // In a list the weekday and the day share a line, the days aligned under each other.
            display: list ? 'inline-block' : 'block',
            minInlineSize: list ? '5.5em' : undefined,
            marginInlineEnd: list ? 0.5 : undefined,
            textTransform: 'capitalize',
          }}
        >
          {weekday}
        </Box>
        <Box
          component="span"
          sx={{
            display: list ? 'inline-block' : 'block',
            fontSize: '0.9375rem',
            color: isToday ? 'primary.main' : 'text.primary',
          }}
        >
          {day}
        </Box>
        <NightMarkIcon marks={marks?.get(date)} />
      </Box>
    );
  };

  /** The corner over the row headers, which stays put while the rest scrolls. */
  const corner = (
    <Box
      component="th"
      role="columnheader"
      scope="col"
      data-corner=""
      sx={{
        position: 'sticky',
        insetInlineStart: 0,
        insetBlockStart: list ? 0 : undefined,
        zIndex: 3,
        bgcolor: 'background.paper',
        px: 1.5,
        fontWeight: 600,
        fontSize: '0.8125rem',
        minInlineSize: list ? 88 : { xs: 96, md: 150 },
      }}
    >
      {list ? t('grid.night') : t('grid.roomType')}
    </Box>
  );

  const priceCell = (row: number, col: number) => {
    const room = rooms[row]!;
    const { date, long, weekend } = columns[col]!;
    const pos = { row, col };
    const cell = cells.get(cellKey(room.uuid, date));
    const previous = col > 0 ? cells.get(cellKey(room.uuid, nights[col - 1]!)) : undefined;
    const flags = cellFlags(cell, previous);
    const change = changes?.get(cellKey(room.uuid, date));
    const isToday = date === today;
    const selected = selection.isSelected(pos);
    const focused = selection.focus.row === row && selection.focus.col === col;

    const notes: string[] = [];
    if (cell) {
      notes.push(
        t('cell.occupancy', {
          occupancy: fmt.occupancy(cell.occupancy),
          sold: fmt.number(cell.roomsSold),
          available: fmt.number(cell.roomsAvailable),
        }),
      );
      if (flags.outOfBounds) notes.push(t('cell.overriddenOutOfBounds'));
      else if (flags.overridden) notes.push(t('cell.overridden'));
      if (flags.unpublished)
        notes.push(t('cell.unpublished', { price: money(cell.publishedPrice!) }));
    }
    if (cell?.market) {
      notes.push(t('market:cell.note', { median: money(cell.market.median) }));
    }
    if (change) notes.push(t('cell.pending', { price: money(change.newPrice) }));
    if (cell) {
      if (flags.seasonChange === 'start')
        notes.push(
          t('cell.seasonStart', {
            season: seasonNames.get(cell.seasonId!) ?? t('cell.aSeason'),
          }),
        );
      if (flags.seasonChange === 'end') notes.push(t('cell.seasonEnd'));
    }
    const nightMarks = marks?.get(date);
    if (nightMarks) notes.push(markText(nightMarks));
    if (isToday) notes.push(t('cell.today'));
    if (weekend) notes.push(t('cell.weekend'));
    const values = {
      room: room.name,
      date: long,
      price: cell ? money(cell.recommendedPrice) : t('cell.noPrice'),
      notes: fmt.list(notes),
    };
    const name = notes.length ? t('cell.label', values) : t('cell.labelPlain', values);
    // A season's start is a line on the edge where the night begins: the start of a column, the
    // top of a row in a list.
    const nightStart = list ? 'borderBlockStart' : 'borderInlineStart';

    return (
      <Box
        component="td"
        role="gridcell"
        key={list ? room.uuid : date}
        data-row={row}
        data-col={col}
        data-date={date}
        data-pending={change ? 'true' : undefined}
        tabIndex={focused ? 0 : -1}
        aria-selected={selected}
        aria-label={name}
        title={cell ? undefined : t('cell.noPrice')}
        onPointerDown={rememberPointer}
        onMouseDown={(event: MouseEvent) => onMouseDown(event, pos)}
        onMouseEnter={(event: MouseEvent) => onMouseEnter(event, pos)}
        onClick={(event: MouseEvent) => onClick(event, pos)}
        sx={(th) => {
          const shade = alpha(th.palette.primary.main, occupancyBand(cell?.occupancy ?? 0).alpha);
          const weekendTint = alpha(th.palette.text.primary, 0.07);
          return {
            position: 'relative',
            cursor: 'pointer',
            blockSize: roomy || list ? 56 : 44,
            px: 1,
            fontSize: roomy || list ? '0.9375rem' : '0.8125rem',
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            color: flags.outOfBounds ? 'error.main' : 'text.primary',
            fontWeight: flags.overridden ? 700 : 400,
            backgroundColor: shade,
            backgroundImage: weekend
              ? `linear-gradient(${weekendTint}, ${weekendTint})`
              : undefined,
            [nightStart]: flags.seasonChange ? `3px solid ${th.palette.secondary.main}` : undefined,
            boxShadow:
              [
                selected ? `inset 0 0 0 2px ${th.palette.primary.main}` : null,
                // In a list, today's row header carries the line.
                isToday && !list ? `inset 0 3px 0 ${th.palette.primary.main}` : null,
              ]
                .filter(Boolean)
                .join(', ') || undefined,
            '&:focus-visible': {
              outline: `2px solid ${th.palette.text.primary}`,
              outlineOffset: -4,
            },
            '&:hover': { filter: 'brightness(0.96)' },
            // A finger's double tap does not zoom, so two quick taps select a range.
            touchAction: 'manipulation',
          };
        }}
      >
        <span aria-hidden="true">{cell ? money(cell.recommendedPrice) : '–'}</span>
        {cell && <RestrictionMarks restrictions={cell.restrictions} />}
        {flags.unpublished && (
          // What the channels sell the night at now, beside the recommendation.
          <Box
            component="span"
            aria-hidden="true"
            data-mark="published-price"
            title={t('legend.published')}
            sx={{
              display: 'block',
              fontSize: '0.6875rem',
              lineHeight: 1.1,
              color: 'text.secondary',
              fontWeight: 400,
            }}
          >
            {money(cell!.publishedPrice!)}
          </Box>
        )}
        {change && (
          <Box
            component="span"
            aria-hidden="true"
            data-mark="pending"
            sx={{
              position: 'absolute',
              insetBlockStart: 3,
              insetInlineStart: 3,
              inlineSize: 7,
              blockSize: 7,
              borderRadius: '50%',
              bgcolor: 'warning.main',
              boxShadow: (th) => `0 0 0 1px ${th.palette.background.paper}`,
            }}
          />
        )}
        {flags.overridden && (
          <Box
            component={flags.outOfBounds ? WarningIcon : EditIcon}
            aria-hidden="true"
            data-mark={flags.outOfBounds ? 'out-of-bounds' : 'override'}
            sx={{
              position: 'absolute',
              insetBlockStart: 2,
              insetInlineEnd: 2,
              fontSize: 12,
              color: flags.outOfBounds ? 'error.main' : 'text.secondary',
            }}
          />
        )}
        {cell?.market && <MarketMark cell={cell} />}
        {flags.unpublished && (
          <Box
            component="span"
            aria-hidden="true"
            data-mark="unpublished"
            sx={{
              position: 'absolute',
              insetBlockEnd: 3,
              insetInlineEnd: 3,
              inlineSize: 6,
              blockSize: 6,
              borderRadius: '50%',
              bgcolor: 'info.main',
            }}
          />
        )}
        <EventMark marks={nightMarks} />
      </Box>
    );
  };

  /** The row header of a room type, which stays put while the nights scroll sideways. */
  const roomHeader = (room: TRoomTariff) => (
    <Box
      component="th"
      role={list ? 'columnheader' : 'rowheader'}
      scope={list ? 'col' : 'row'}
      key={room.uuid}
      sx={{
        position: 'sticky',
        insetInlineStart: list ? undefined : 0,
        insetBlockStart: list ? 0 : undefined,
        zIndex: list ? 2 : 1,
        bgcolor: 'background.paper',
        px: 1.5,
        py: list ? 1 : undefined,
        fontWeight: 500,
        fontSize: '0.875rem',
        lineHeight: 1.3,
        // A long name wraps instead of widening the sticky column over the nights.
        minInlineSize: list ? undefined : { xs: 96, md: 150 },
        maxInlineSize: list ? undefined : { xs: 140, md: 220 },
        overflowWrap: 'anywhere',
      }}
    >
      {room.name}
    </Box>
  );

  return (
    <Box
      ref={scrollRef}
      sx={{
        overflowX: 'auto',
        maxInlineSize: '100%',
        // A month of nights scrolls inside the card, under its header, rather than the page.
        ...(list && { overflowY: 'auto', maxBlockSize: '60vh' }),
      }}
    >
      <Box
        component="table"
        ref={tableRef}
        role="grid"
        aria-label={label}
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        onMouseUp={() => (dragging.current = false)}
        onMouseLeave={() => (dragging.current = false)}
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          userSelect: 'none',
          minInlineSize: '100%',
          // Padding is each cell's own (a rule here would outrank it): the block padding only.
          '& th, & td': {
            paddingBlock: 0,
            textAlign: 'center',
            borderBlockEnd: 1,
            borderInlineEnd: 1,
            borderColor: 'divider',
          },
          // Row headers and the corner read from the start; nights and prices are centred.
          '& th[scope="row"], & th[data-corner]': { textAlign: 'start' },
        }}
      >
        {list ? (
          <>
            <thead>
              <tr role="row">
                {corner}
                {rooms.map(roomHeader)}
              </tr>
            </thead>
            <tbody>
              {columns.map((column, col) => (
                <tr role="row" key={column.date}>
                  {nightHeader(column, col)}
                  {rooms.map((_, row) => priceCell(row, col))}
                </tr>
              ))}
            </tbody>
          </>
        ) : (
          <>
            <thead>
              <tr role="row">
                {corner}
                {columns.map(nightHeader)}
              </tr>
            </thead>
            <tbody>
              {rooms.map((room, row) => (
                <tr role="row" key={room.uuid}>
                  {roomHeader(room)}
                  {columns.map((_, col) => priceCell(row, col))}
                </tr>
              ))}
            </tbody>
          </>
        )}
      </Box>
    </Box>
  );
}
