/** Small helpers of text for people, shared by the shell and the games' faces. */

/** Pads the columns of `rows` to their widest cell, two spaces apart. */
export function columns(rows: string[][], indent = "  "): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd());
}

/** `x` rounded to `digits` decimals (figures that stay the same on every run). */
export const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** A share as `42.5%`; `-` for none. */
export const percent = (rate: number | null): string => (rate === null ? "-" : `${(rate * 100).toFixed(1)}%`);
