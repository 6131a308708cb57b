/**
 * Where each seat sits around the table, as plain functions (no DOM): the seats in seat order starting
 * with the viewer (a spectator starts with seat 0), each placed on a cell of the rim of a 3-column grid
 * whose middle holds the table's centre. The viewer sits at the bottom, and going clockwise (the next
 * seat) goes up the left side, across the top and down the right side, as seen from above the table.
 */

/** A cell of the ring's grid: 1-based row and column (CSS grid lines). */
export interface Cell {
  row: number;
  col: number;
}

/** The grid of a ring: its size, one cell per seat (in ring order) and the span of the centre. */
export interface RingLayout {
  rows: number;
  cols: number;
  /** The cell of each seat, in ring order (the viewer's first). */
  slots: Cell[];
  /** The centre area: rows `center.row` to `center.row + center.rows - 1`, column `center.col`. */
  center: Cell & { rows: number };
}

/** The rim of a 3-column grid of `rows` rows, clockwise from the bottom centre (2 x rows + 2 cells). */
function rim(rows: number): Cell[] {
  const cells: Cell[] = [{ row: rows, col: 2 }, { row: rows, col: 1 }];
  for (let r = rows - 1; r >= 2; r--) cells.push({ row: r, col: 1 });
  cells.push({ row: 1, col: 1 }, { row: 1, col: 2 }, { row: 1, col: 3 });
  for (let r = 2; r <= rows - 1; r++) cells.push({ row: r, col: 3 });
  cells.push({ row: rows, col: 3 });
  return cells;
}

/**
 * The layout of `n` seats: two seats face each other in one column (top and bottom, the centre between
 * them); 3 to 8 seats share the 8 rim cells of a 3 x 3 grid, spread evenly (8 fill it); more seats add
 * rows. The first slot is always the bottom centre.
 */
export function ringLayout(n: number): RingLayout {
  if (n <= 2) {
    const slots = [{ row: 3, col: 1 }, { row: 1, col: 1 }].slice(0, Math.max(0, n));
    return { rows: 3, cols: 1, slots, center: { row: 2, col: 1, rows: 1 } };
  }
  const rows = Math.max(3, Math.ceil((n - 2) / 2));
  const cells = rim(rows);
  const slots = Array.from({ length: n }, (_, k) => cells[Math.round((k * cells.length) / n) % cells.length]!);
  return { rows, cols: 3, slots, center: { row: 2, col: 2, rows: rows - 2 } };
}

/** The seats in ring order: seat order rotated so that `viewer`'s seat comes first (seat 0 when not seated). */
export function ringOrder<T extends { id: string }>(seats: readonly T[], viewer: string | null): T[] {
  const start = Math.max(0, seats.findIndex((s) => s.id === viewer));
  return [...seats.slice(start), ...seats.slice(0, start)];
}

/**
 * The direction from a seat's cell to the centre of the table, in cells (x right, y down): what a token
 * travelling from the centre to that seat starts from, negated.
 */
export function towardCenter(layout: RingLayout, cell: Cell): { x: number; y: number } {
  const cx = layout.center.col;
  const cy = layout.center.row + (layout.center.rows - 1) / 2;
  return { x: cx - cell.col, y: cy - cell.row };
}
