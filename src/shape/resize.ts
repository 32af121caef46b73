/**
 * The shape rule of `resize` and `upsample` at run time, the twin of
 * types/resize.ts: x of rank 4 (`"NHWC"` by default, or `"NCHW"`), N and C
 * kept, the spatial sizes replaced by `size` (`resize`) or multiplied by
 * `scale` (`upsample`), each a positive integer; the mode and the coordinate
 * mapping checked, with their defaults. The writers are typed to return their
 * type twins' messages.
 */
import type { ResizeCoordinates, ResizeCoordinatesMessage, ResizeMode, ResizeModeMessage } from "../../types/resize.js";
import { ShapeError, showShape } from "../errors.js";
import { writePoolRank } from "./pool.js";
import { times } from "./size.js";
import { checkCount, checkOptionFields, checkSize, describe } from "./validate.js";
import { perAxis } from "./window.js";

/** Twin of `ResizeModeMessage` in types/resize.ts. */
export const writeResizeMode = <Op extends string, Mode extends string>(op: Op, mode: Mode): ResizeModeMessage<Op, Mode> =>
  `${op}: mode must be "nearest" or "bilinear", got "${mode}"`;

/** Twin of `ResizeCoordinatesMessage` in types/resize.ts. */
export const writeResizeCoordinates = <Op extends string, Name extends string>(op: Op, name: Name): ResizeCoordinatesMessage<Op, Name> =>
  `${op}: coordinates must be "half-pixel", "align-corners" or "asymmetric", got "${name}"`;

const MODES: readonly string[] = ["nearest", "bilinear"] satisfies readonly ResizeMode[];
const COORDINATES: readonly string[] = ["half-pixel", "align-corners", "asymmetric"] satisfies readonly ResizeCoordinates[];
const KNOWN = ["mode", "coordinates", "layout"];
const LAYOUTS = ["NHWC", "NCHW"];

/** A resize as the kernels and the lowering read it. */
export interface ResizeLayout {
  /** The axis of H (1 for NHWC, 2 for NCHW); W follows it. */
  readonly first: 1 | 2;
  readonly mode: ResizeMode;
  readonly coordinates: ResizeCoordinates;
  /** The input's and the output's spatial sizes, `[H, W]`. */
  readonly input: readonly [number, number];
  readonly output: readonly [number, number];
  /** The result's shape. */
  readonly shape: number[];
}

/** The options' fields and layout, checked (the layout defaults to "NHWC"). */
function readOptions(op: string, options: unknown): { first: 1 | 2; layout: string; given: Readonly<Record<string, unknown>> } {
  const given = checkOptionFields(op, options, KNOWN, `{ mode: "nearest" }`);
  const layout = given["layout"] ?? "NHWC";
  if (typeof layout !== "string" || !LAYOUTS.includes(layout)) throw new TypeError(`${op}: layout must be "NHWC" or "NCHW", got ${describe(layout)}`);
  return { first: layout === "NHWC" ? 1 : 2, layout, given };
}

/** The mode and the coordinate mapping (checked after the shape, in the order the compiler reports the arguments). */
function readModes(op: string, given: Readonly<Record<string, unknown>>): { mode: ResizeMode; coordinates: ResizeCoordinates } {
  const mode = given["mode"] ?? "bilinear";
  if (typeof mode !== "string") throw new TypeError(`${op}: mode must be "nearest" or "bilinear", got ${describe(mode)}`);
  if (!MODES.includes(mode)) throw new TypeError(writeResizeMode(op, mode));
  const coordinates = given["coordinates"] ?? (mode === "nearest" ? "asymmetric" : "half-pixel");
  if (typeof coordinates !== "string") throw new TypeError(`${op}: coordinates must be "half-pixel", "align-corners" or "asymmetric", got ${describe(coordinates)}`);
  if (!COORDINATES.includes(coordinates)) throw new TypeError(writeResizeCoordinates(op, coordinates));
  return { mode: mode as ResizeMode, coordinates: coordinates as ResizeCoordinates };
}

/** x of rank 4 in the layout: a ShapeError with the pools' message otherwise. */
function checkRank4(op: string, shape: readonly number[], layout: string): void {
  if (shape.length !== 4) throw new ShapeError(writePoolRank(op, 4, layout, showShape(shape)), { code: "rank", op, mode: "none", a: [...shape], b: [] });
}

/** The resize of x of `shape` to `size` (`[outH, outW]`) with `options`. */
export function resizeLayout(op: string, shape: readonly number[], size: unknown, options: unknown): ResizeLayout {
  const { first, layout, given } = readOptions(op, options);
  checkRank4(op, shape, layout);
  if (!Array.isArray(size) || size.length !== 2) throw new TypeError(`${op}: size must be [height, width] (2 integers), got ${Array.isArray(size) ? `${size.length} entries` : describe(size)}`);
  const output = [checkCount(op, "size[0]", size[0], 1), checkCount(op, "size[1]", size[1], 1)] as const;
  return finish(op, shape, first, output, readModes(op, given));
}

/** The resize `upsample(x, scale, options)` makes: x's spatial sizes times the scale (a number, or `[sh, sw]`). */
export function upsampleLayout(op: string, shape: readonly number[], scale: unknown, options: unknown): ResizeLayout {
  const { first, layout, given } = readOptions(op, options);
  checkRank4(op, shape, layout);
  const [sh, sw] = perAxis(op, "scale", scale, 2, 1);
  const output = [times(shape[first]!, sh!), times(shape[first + 1]!, sw!)] as const;
  return finish(op, shape, first, output, readModes(op, given));
}

function finish(op: string, shape: readonly number[], first: 1 | 2, output: readonly [number, number], modes: { mode: ResizeMode; coordinates: ResizeCoordinates }): ResizeLayout {
  const input = [shape[first]!, shape[first + 1]!] as const;
  const result = [...shape];
  result[first] = output[0];
  result[first + 1] = output[1];
  checkSize(op, result);
  // an output pixel needs an input pixel to read: an empty spatial axis has none (unless nothing is read)
  const reads = result.every((d) => d > 0);
  if (reads && (input[0] === 0 || input[1] === 0)) throw new RangeError(`${op}: an empty spatial axis has no pixel to read (shape ${showShape(shape)})`);
  return { first, input, output, shape: result, ...modes };
}
