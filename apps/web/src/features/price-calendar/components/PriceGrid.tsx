import EditIcon from '@mui/icons-material/Edit';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
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
 * The price calendar: room types as rows, nights as columns (an ARIA grid). One cell takes Tab;
 * the arrow keys move between cells (following the reading direction), Shift stretches the
 * selection, Enter explains the price. With the mouse: click, Shift-click or drag.
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
}: PriceGridProps) {
  const markText = useMarkText();
  const { t } = useTranslation('priceCalendar');
  const intl = useIntl();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const tableRef = useRef<HTMLTableElement>(null);
  const dragging = useRef(false);
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

  const focusCell = (pos: GridPosition) =>
    tableRef.current
      ?.querySelector<HTMLElement>(`[data-row="${pos.row}"][data-col="${pos.col}"]`)
      ?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    const extend = event.shiftKey;
    let move: [number, number] | null = null;
    switch (event.key) {
      case 'ArrowRight':
        move = [0, rtl ? -1 : 1];
        break;
      case 'ArrowLeft':
        move = [0, rtl ? 1 : -1];
        break;
      case 'ArrowUp':
        move = [-1, 0];
        break;
      case 'ArrowDown':
        move = [1, 0];
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

  const onMouseDown = (event: MouseEvent, pos: GridPosition) => {
    if (event.button !== 0) return;
    dragging.current = true;
    selection.moveTo(pos, event.shiftKey);
  };
  const onMouseEnter = (event: MouseEvent, pos: GridPosition) => {
    if (dragging.current && event.buttons === 1) selection.moveTo(pos, true);
  };
  const onClick = (event: MouseEvent, pos: GridPosition) => {
    const range = selection.range;
    const single = !range || (range.rows[0] === range.rows[1] && range.cols[0] === range.cols[1]);
    if (!event.shiftKey && single) onOpen(pos);
  };

  const money = fmt.money;

  return (
    <Box sx={{ overflowX: 'auto', maxInlineSize: '100%' }}>
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
        }}
      >
        <thead>
          <tr role="row">
            <Box
              component="th"
              role="columnheader"
              scope="col"
              sx={{
                position: 'sticky',
                insetInlineStart: 0,
                zIndex: 2,
                bgcolor: 'background.paper',
                px: 1.5,
                textAlign: 'start !important',
                fontWeight: 600,
                fontSize: '0.8125rem',
                minInlineSize: { xs: 96, md: 150 },
              }}
            >
              {t('grid.roomType')}
            </Box>
            {columns.map(({ date, long, weekday, day, weekend }) => {
              const isToday = date === today;
              return (
                <Box
                  component="th"
                  role="columnheader"
                  scope="col"
                  key={date}
                  aria-label={isToday ? t('grid.todayHeader', { date: long }) : long}
                  aria-current={isToday ? 'date' : undefined}
                  sx={(th) => ({
                    minInlineSize: roomy ? 96 : 64,
                    py: 0.5,
                    px: 0.5,
                    fontSize: '0.75rem',
                    fontWeight: isToday ? 700 : 500,
                    color: isToday ? 'primary.main' : 'text.secondary',
                    bgcolor: weekend ? alpha(th.palette.text.primary, 0.06) : 'background.paper',
                    borderBlockEnd: isToday
                      ? `3px solid ${th.palette.primary.main} !important`
                      : undefined,
                  })}
                >
                  <Box component="span" sx={{ display: 'block', textTransform: 'capitalize' }}>
                    {weekday}
                  </Box>
                  <Box
                    component="span"
                    sx={{
                      display: 'block',
                      fontSize: '0.9375rem',
                      color: isToday ? 'primary.main' : 'text.primary',
                    }}
                  >
                    {day}
                  </Box>
                  <NightMarkIcon marks={marks?.get(date)} />
                </Box>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rooms.map((room, row) => (
            <tr role="row" key={room.uuid}>
              <Box
                component="th"
                role="rowheader"
                scope="row"
                sx={{
                  position: 'sticky',
                  insetInlineStart: 0,
                  zIndex: 1,
                  bgcolor: 'background.paper',
                  px: 1.5,
                  textAlign: 'start !important',
                  fontWeight: 500,
                  fontSize: '0.875rem',
                  lineHeight: 1.3,
                  // A long name wraps instead of widening the sticky column over the nights.
                  minInlineSize: { xs: 96, md: 150 },
                  maxInlineSize: { xs: 140, md: 220 },
                  overflowWrap: 'anywhere',
                }}
              >
                {room.name}
              </Box>
              {columns.map(({ date, long, weekend }, col) => {
                const pos = { row, col };
                const cell = cells.get(cellKey(room.uuid, date));
                const previous =
                  col > 0 ? cells.get(cellKey(room.uuid, nights[col - 1]!)) : undefined;
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

                return (
                  <Box
                    component="td"
                    role="gridcell"
                    key={date}
                    data-row={row}
                    data-col={col}
                    data-date={date}
                    data-pending={change ? 'true' : undefined}
                    tabIndex={focused ? 0 : -1}
                    aria-selected={selected}
                    aria-label={name}
                    title={cell ? undefined : t('cell.noPrice')}
                    onMouseDown={(event: MouseEvent) => onMouseDown(event, pos)}
                    onMouseEnter={(event: MouseEvent) => onMouseEnter(event, pos)}
                    onClick={(event: MouseEvent) => onClick(event, pos)}
                    sx={(th) => {
                      const shade = alpha(
                        th.palette.primary.main,
                        occupancyBand(cell?.occupancy ?? 0).alpha,
                      );
                      const weekendTint = alpha(th.palette.text.primary, 0.07);
                      return {
                        position: 'relative',
                        cursor: 'pointer',
                        blockSize: roomy ? 56 : 44,
                        px: 1,
                        fontSize: roomy ? '0.9375rem' : '0.8125rem',
                        fontVariantNumeric: 'tabular-nums',
                        whiteSpace: 'nowrap',
                        color: flags.outOfBounds ? 'error.main' : 'text.primary',
                        fontWeight: flags.overridden ? 700 : 400,
                        backgroundColor: shade,
                        backgroundImage: weekend
                          ? `linear-gradient(${weekendTint}, ${weekendTint})`
                          : undefined,
                        borderInlineStart: flags.seasonChange
                          ? `3px solid ${th.palette.secondary.main}`
                          : undefined,
                        boxShadow:
                          [
                            selected ? `inset 0 0 0 2px ${th.palette.primary.main}` : null,
                            isToday ? `inset 0 3px 0 ${th.palette.primary.main}` : null,
                          ]
                            .filter(Boolean)
                            .join(', ') || undefined,
                        '&:focus-visible': {
                          outline: `2px solid ${th.palette.text.primary}`,
                          outlineOffset: -4,
                        },
                        '&:hover': { filter: 'brightness(0.96)' },
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
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
