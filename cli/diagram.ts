/**
 * The aligned picture of two shapes that `shapecast explain` and `shapecast
 * check` print: one column per result axis (the `M × N × P × Q` rows of docs/broadcasting.md §2.3),
 * each operand's sizes under the axes they meet, the result when there is
 * one, and a `^` under the failing axis:
 *
 *               0   1
 *     a [2, 10]  2  10
 *     b [2, 11]  2  11
 *                   ^ axis 1: 10 vs 11
 *
 * Where an operand's axes land follows the mode: right-aligned for numpy and
 * none, at `broadcastDimensions` for xla, from `axis` for pdpd, at
 * `axesMapping` for an explicit broadcast-to. Sizes are text, so the symbolic
 * (`batch`) and dynamic (`?`) sizes of compiler messages draw like numbers.
 */
import { paint } from "./paint.js";

/** A size as messages print it: `3`, a symbolic name such as `batch`, or `?`. */
export type Size = string;

export interface PictureRow {
  /** `a [2, 3]`, `result`, ... */
  readonly label: string;
  /** One cell per column; undefined where the row has no axis. */
  readonly cells: readonly (Size | undefined)[];
  /** Printed after the cells: where the operand was placed, or why it was not. */
  readonly note?: string | undefined;
  readonly result?: boolean;
}

export interface Picture {
  /** Column headings: result axes (`0`, `1`, ...), or for matmul the batch axes then `m k n`. */
  readonly columns: readonly string[];
  readonly rows: readonly PictureRow[];
  /** The failing column and what to say under it. */
  readonly marker?: { readonly column: number; readonly note: string } | undefined;
}

/** The picture as lines of text (each ending in a newline), indented by `indent`; colour only when `color`. */
export function renderPicture(picture: Picture, color: boolean, indent = ""): string {
  const { columns, rows, marker } = picture;
  const labelWidth = Math.max(0, ...rows.map((row) => row.label.length));
  const widths = columns.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => row.cells[column]?.length ?? 0)),
  );
  const gap = "  ";
  const line = (label: string, cells: readonly (string | undefined)[], style: (text: string, column: number) => string): string => {
    const body = cells.map((cell, column) => style((cell ?? "").padStart(widths[column]!), column)).join(gap);
    return `${indent}${label.padEnd(labelWidth)}${gap}${body}`;
  };
  const out: string[] = [];
  out.push(line("", columns, (text) => paint(color, "dim", text)).trimEnd());
  for (const row of rows) {
    const cells = columns.map((_, column) => row.cells[column]);
    const styled = line(row.label, cells, (text, column) =>
      row.result === true ? paint(color, "green", text)
      : column === marker?.column && text.trim() !== "" ? paint(color, "red", text)
      : text,
    );
    out.push((row.note === undefined ? styled : `${styled}   ${paint(color, "dim", row.note)}`).trimEnd());
  }
  if (marker !== undefined && marker.column < columns.length) {
    // the caret sits under the last character of the (right-aligned) column
    let offset = indent.length + labelWidth + gap.length;
    for (let column = 0; column < marker.column; column++) offset += widths[column]! + gap.length;
    offset += widths[marker.column]! - 1;
    out.push(`${" ".repeat(offset)}${paint(color, "red", `^ ${marker.note}`)}`);
  }
  return `${out.join("\n")}\n`;
}

/** `[2, 3]`, as the library prints shapes. */
export const showSizes = (shape: readonly Size[]): string => `[${shape.join(", ")}]`;

/** What places the operands of a binary op (or an input on its broadcast-to target). */
export interface Placement {
  /** `numpy`, `none`, `xla`, `pdpd`; for a broadcast-to `numpy`, `bidirectional` or `explicit`. */
  readonly mode: string;
  /** xla's `broadcastDimensions`, or explicit's `axesMapping`. */
  readonly dims?: readonly number[] | undefined;
  /** pdpd's `axis`. */
  readonly axis?: number | undefined;
}

/** For each operand axis, its column (undefined: not placed), and how many columns there are. */
interface Layout {
  readonly rank: number;
  readonly a: readonly (number | undefined)[];
  readonly b: readonly (number | undefined)[];
  readonly aNote?: string;
  readonly bNote?: string;
}

const rightAligned = (rank: number, total: number): number[] => Array.from({ length: rank }, (_, i) => total - rank + i);

/** Are `dims` a valid placement of a rank-`low` shape on a rank-`high` one: right length, in range, strictly increasing? */
const placeable = (dims: readonly number[], low: number, high: number): boolean =>
  dims.length === low && dims.every((d, i) => Number.isInteger(d) && d >= 0 && d < high && (i === 0 || d > dims[i - 1]!));

function layout(aRank: number, bRank: number, placement: Placement): Layout {
  const { mode, dims, axis } = placement;
  const shownDims = dims === undefined ? "" : showSizes(dims.map(String));
  if (mode === "xla" && aRank !== bRank && aRank > 0 && bRank > 0) {
    const aIsHigh = aRank > bRank;
    const high = Math.max(aRank, bRank);
    const low = Math.min(aRank, bRank);
    const lowAxes: (number | undefined)[] =
      dims !== undefined && placeable(dims, low, high) ? [...dims] : new Array<undefined>(low).fill(undefined);
    const lowNote =
      dims === undefined ? "not placed: no broadcastDimensions"
      : placeable(dims, low, high) ? `broadcastDimensions ${shownDims}`
      : `not placed: broadcastDimensions ${shownDims}`;
    return aIsHigh
      ? { rank: high, a: rightAligned(aRank, high), b: lowAxes, bNote: lowNote }
      : { rank: high, a: lowAxes, b: rightAligned(bRank, high), aNote: lowNote };
  }
  if (mode === "pdpd" && bRank <= aRank) {
    const given = axis ?? -1;
    if (!(Number.isInteger(given) && given >= -1)) {
      return { rank: aRank, a: rightAligned(aRank, aRank), b: new Array<undefined>(bRank).fill(undefined), bNote: `not placed: axis ${given}` };
    }
    const start = given === -1 ? aRank - bRank : given;
    const b = Array.from({ length: bRank }, (_, i) => (start + i < aRank ? start + i : undefined));
    const dropped = b.filter((column) => column === undefined).length;
    const note = `axis ${start}${dropped > 0 ? ` (${dropped} ${dropped === 1 ? "axis" : "axes"} past a's last)` : ""}`;
    return { rank: aRank, a: rightAligned(aRank, aRank), b, bNote: note };
  }
  if (mode === "explicit" && aRank <= bRank) {
    const ok = dims !== undefined && placeable(dims, aRank, bRank);
    return {
      rank: bRank,
      a: ok ? [...dims] : new Array<undefined>(aRank).fill(undefined),
      b: rightAligned(bRank, bRank),
      aNote: ok ? `axesMapping ${shownDims}` : `not placed: axesMapping ${dims === undefined ? "missing" : shownDims}`,
    };
  }
  const rank = Math.max(aRank, bRank);
  return { rank, a: rightAligned(aRank, rank), b: rightAligned(bRank, rank) };
}

const cellsOf = (shape: readonly Size[], axes: readonly (number | undefined)[], rank: number): (Size | undefined)[] => {
  const cells = new Array<Size | undefined>(rank).fill(undefined);
  shape.forEach((size, i) => {
    const column = axes[i];
    if (column !== undefined) cells[column] = size;
  });
  return cells;
};

/** `axis 1: 10 vs 11`, read off the two rows at the failing column. */
const markerNote = (axis: number, a: readonly (Size | undefined)[], b: readonly (Size | undefined)[], prefix = "axis"): string =>
  `${prefix} ${axis}: ${a[axis] ?? "-"} vs ${b[axis] ?? "-"}`;

/**
 * Two operands of an element-wise op (or an input and its broadcast-to
 * target, `verb` "to") under `placement`; `result` adds a result row,
 * `failedAxis` the marker.
 */
export function broadcastPicture(options: {
  readonly a: readonly Size[];
  readonly b: readonly Size[];
  readonly placement: Placement;
  readonly verb?: "with" | "to";
  /** The row names; by default `a` and `b`, or `input` and `target` for verb "to". */
  readonly names?: readonly [string, string];
  readonly result?: readonly Size[] | undefined;
  readonly failedAxis?: number | undefined;
}): Picture {
  const { a, b, placement, result, failedAxis } = options;
  const [aName, bName] = options.names ?? (options.verb === "to" ? ["input", "target"] : ["a", "b"]);
  const at = layout(a.length, b.length, placement);
  const aCells = cellsOf(a, at.a, at.rank);
  const bCells = cellsOf(b, at.b, at.rank);
  const rows: PictureRow[] = [
    { label: `${aName} ${showSizes(a)}`, cells: aCells, note: at.aNote ?? (a.length === 0 ? "a scalar: no axes" : undefined) },
    { label: `${bName} ${showSizes(b)}`, cells: bCells, note: at.bNote ?? (b.length === 0 ? "a scalar: no axes" : undefined) },
  ];
  if (result !== undefined) rows.push({ label: "result", cells: cellsOf(result, rightAligned(result.length, at.rank), at.rank), result: true });
  return {
    columns: Array.from({ length: at.rank }, (_, axis) => String(axis)),
    rows,
    marker: failedAxis === undefined || failedAxis >= at.rank ? undefined : { column: failedAxis, note: markerNote(failedAxis, aCells, bCells) },
  };
}

/**
 * `matmul(a, b)`: the batch axes right-aligned as NumPy broadcasts them, then
 * a's rows `m`, the shared `k` and b's columns `n` (a 1-D `a` has no `m`, a 1-D
 * `b` no `n`). `failed` marks a batch axis or the inner `k`.
 */
export function matmulPicture(options: {
  readonly a: readonly Size[];
  readonly b: readonly Size[];
  readonly result?: readonly Size[] | undefined;
  readonly failed?: { readonly batchAxis: number } | "inner" | undefined;
}): Picture {
  const { a, b, result, failed } = options;
  const aBatch = a.slice(0, Math.max(0, a.length - 2));
  const bBatch = b.slice(0, Math.max(0, b.length - 2));
  const batch = Math.max(aBatch.length, bBatch.length);
  const [m, k, n] = [batch, batch + 1, batch + 2];
  const row = (shape: readonly Size[], isA: boolean): (Size | undefined)[] => {
    const cells = new Array<Size | undefined>(batch + 3).fill(undefined);
    const own = isA ? aBatch : bBatch;
    own.forEach((size, i) => (cells[batch - own.length + i] = size));
    if (shape.length === 0) return cells;
    if (isA) {
      if (shape.length >= 2) cells[m] = shape[shape.length - 2];
      cells[k] = shape[shape.length - 1];
    } else {
      cells[k] = shape.length === 1 ? shape[0] : shape[shape.length - 2];
      if (shape.length >= 2) cells[n] = shape[shape.length - 1];
    }
    return cells;
  };
  const aCells = row(a, true);
  const bCells = row(b, false);
  const rows: PictureRow[] = [
    { label: `a ${showSizes(a)}`, cells: aCells },
    { label: `b ${showSizes(b)}`, cells: bCells },
  ];
  if (result !== undefined) {
    const cells = new Array<Size | undefined>(batch + 3).fill(undefined);
    let next = 0;
    for (let axis = 0; axis < batch; axis++) cells[axis] = result[next++];
    if (a.length >= 2) cells[m] = result[next++];
    if (b.length >= 2) cells[n] = result[next++];
    rows.push({ label: "result", cells, result: true });
  }
  const marker =
    failed === "inner" ? { column: k, note: `inner sizes: ${aCells[k] ?? "-"} vs ${bCells[k] ?? "-"}` }
    : failed !== undefined && failed.batchAxis < batch ? { column: failed.batchAxis, note: markerNote(failed.batchAxis, aCells, bCells, "batch axis") }
    : undefined;
  return { columns: [...Array.from({ length: batch }, (_, axis) => String(axis)), "m", "k", "n"], rows, marker };
}
