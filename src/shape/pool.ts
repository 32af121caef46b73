/**
 * The shape rule of pooling at run time, the twin of types/pool.ts: x of rank
 * 4 (`"NHWC"` by default, or `"NCHW"`) for the 2d ops, rank 3 (`"NWC"` by
 * default, or `"NCW"`) for the 1d ones; N and C kept, the spatial axes by the
 * window rule (src/shape/window.ts).
 */
import type { PoolRankMessage } from "../../types/pool.js";
import { ShapeError, showShape } from "../errors.js";
import { checkOptionFields, describe } from "./validate.js";
import { type WindowAxis, windowLayout } from "./window.js";

/** Twin of `PoolRankMessage` in types/pool.ts. */
export const writePoolRank = <Op extends string, Rank extends number, Layout extends string, Shown extends string>(
  op: Op,
  rank: Rank,
  layout: Layout,
  shown: Shown,
): PoolRankMessage<Op, Rank, Layout, Shown> => `${op}: x must have rank ${rank} (${layout}), got shape ${shown}`;

const layouts = { 1: ["NWC", "NCW"], 2: ["NHWC", "NCHW"] } as const;
const known = ["size", "strides", "padding", "layout"];

/** The pooling windows of `shape`: the first spatial axis, the windows, and the result's shape. */
export function poolLayout(op: string, spatial: 1 | 2, shape: readonly number[], options: unknown): { first: number; windows: WindowAxis[]; shape: number[] } {
  // (left out, the options are refused here too: size is required)
  if (options === undefined) throw new TypeError(`${op}: options must be a window size or an object such as { size: 2 }, got ${describe(options)}`);
  // (a window size alone is `{ size }`, the twin of `PoolOptionsOf` in types/pool.ts; the window
  // rule checks it as it checks `size`)
  const { size, strides, padding, layout } = typeof options === "number" ? { size: options } : checkOptionFields(op, options, known, "{ size: 2 }");
  const names: readonly string[] = layouts[spatial];
  const chosen = layout ?? names[0];
  if (typeof chosen !== "string" || !names.includes(chosen)) {
    throw new TypeError(`${op}: layout must be ${names.map((n) => `"${n}"`).join(" or ")}, got ${describe(chosen)}`);
  }
  const rank = spatial + 2;
  if (shape.length !== rank) throw new ShapeError(writePoolRank(op, rank, chosen, showShape(shape)), { code: "rank", op, mode: "none", a: [...shape], b: [] });
  if (size === undefined) throw new TypeError(`${op}: options.size is required (the window's size)`);
  const first = chosen === names[0] ? 1 : 2;
  const windows = windowLayout(op, shape, first, spatial, { sizes: size, strides: strides ?? size, dilations: 1, padding: padding ?? "valid" });
  const result = [...shape];
  windows.forEach((w, j) => (result[first + j] = w.out));
  return { first, windows, shape: result };
}
