import { useCallback, useState } from 'react';

export interface GridPosition {
  row: number;
  col: number;
}

/** A rectangle of cells, both ends included. */
export interface GridRange {
  rows: [number, number];
  cols: [number, number];
}

export interface GridSelection {
  /** The cell that takes Tab (roving tabindex): the only one with `tabIndex` 0. */
  focus: GridPosition;
  /** The selected rectangle, or null before anything was chosen. */
  range: GridRange | null;
  isSelected: (pos: GridPosition) => boolean;
  /** Focus (and select) one cell; with `extend`, stretch the selection to it from its anchor. */
  moveTo: (pos: GridPosition, extend?: boolean) => void;
  /** Move by a step (`dRow`, `dCol`), kept inside the grid. */
  moveBy: (dRow: number, dCol: number, extend?: boolean) => GridPosition;
  /**
   * Select night `col` of every row (a click on its header); with `extend`, every row of the
   * nights from the selection's start to it.
   */
  selectNight: (col: number, extend?: boolean) => void;
  /** Select nothing (the focus stays where it is). */
  clear: () => void;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(0, max - 1));

/**
 * Focus and rectangular selection of a grid of `rows` × `cols` cells, as in a spreadsheet: moving
 * selects the cell moved to; extending (Shift, or a drag) stretches the selection from where it
 * started. Give the component that holds it a `key` per data set to start afresh. The focus starts
 * on the first row's `startCol` (the night shown first).
 */
export function useGridSelection(rows: number, cols: number, startCol = 0): GridSelection {
  const [focus, setFocus] = useState<GridPosition>(() => ({ row: 0, col: clamp(startCol, cols) }));
  const [anchor, setAnchor] = useState<GridPosition | null>(null);

  const moveTo = useCallback(
    (pos: GridPosition, extend = false) => {
      const next = { row: clamp(pos.row, rows), col: clamp(pos.col, cols) };
      setFocus(next);
      setAnchor((current) => (extend ? (current ?? focus) : next));
    },
    [rows, cols, focus],
  );

  const moveBy = useCallback(
    (dRow: number, dCol: number, extend = false) => {
      const next = { row: clamp(focus.row + dRow, rows), col: clamp(focus.col + dCol, cols) };
      moveTo(next, extend);
      return next;
    },
    [focus, rows, cols, moveTo],
  );

  const range: GridRange | null = anchor && {
    rows: [Math.min(anchor.row, focus.row), Math.max(anchor.row, focus.row)],
    cols: [Math.min(anchor.col, focus.col), Math.max(anchor.col, focus.col)],
  };
  const isSelected = (pos: GridPosition) =>
    range !== null &&
    pos.row >= range.rows[0] &&
    pos.row <= range.rows[1] &&
    pos.col >= range.cols[0] &&
    pos.col <= range.cols[1];

  const selectNight = useCallback(
    (col: number, extend = false) => {
      const night = clamp(col, cols);
      setFocus({ row: clamp(rows - 1, rows), col: night });
      setAnchor((current) => ({ row: 0, col: extend && current ? current.col : night }));
    },
    [rows, cols],
  );

  const clear = useCallback(() => setAnchor(null), []);

  return { focus, range, isSelected, moveTo, moveBy, selectNight, clear };
}
