/**
 * The sliding-window size rule at run time, the twin of types/window.ts: per
 * spatial axis `floor((in + before + after - dilation * (k - 1) - 1) / stride) + 1`,
 * padding `"valid"`, `"same"` (`ceil(in / stride)`, the total padding split
 * with the extra cell after, as TensorFlow), a number or `[[before, after], ...]`;
 * strides and dilations a number or one per axis. A window larger than its
 * padded axis is a ShapeError with the compiler's message; a size, stride or
 * dilation that is not a positive integer, or a padding that is not a count,
 * a RangeError (TypeError when it is not a number at all) naming the argument.
 */
import { ceilDiv, floorDiv, minus, plus } from "./size.js";
import type { WindowLargerMessage } from "../../types/window.js";
import { ShapeError, showShape } from "../errors.js";
import { checkCount, describe } from "./validate.js";

/** Twin of `WindowLargerMessage` in types/window.ts. */
export const writeWindowLarger = <Op extends string, At extends number, Span extends number, Padded extends number, Shown extends string>(
  op: Op,
  at: At,
  span: Span,
  padded: Padded,
  shown: Shown,
): WindowLargerMessage<Op, At, Span, Padded, Shown> => `${op}: the window spans ${span} but axis ${at} is ${padded} with its padding (shape ${shown})`;

/** What a window rule is given: each a number or one per spatial axis. */
export interface WindowOptions {
  readonly sizes: unknown;
  readonly strides: unknown;
  readonly dilations: unknown;
  readonly padding: unknown;
}

/** The window of each spatial axis, with its padding. */
export interface WindowAxis {
  readonly size: number;
  readonly stride: number;
  readonly dilation: number;
  readonly before: number;
  readonly after: number;
  /** The output size. */
  readonly out: number;
}

/** A number or one per axis, each an integer of at least `min`. */
export function perAxis(op: string, name: string, value: unknown, count: number, min: number): number[] {
  if (Array.isArray(value)) {
    if (value.length !== count) throw new RangeError(`${op}: ${name} must be a number or ${count} numbers (one per spatial axis), got ${value.length}`);
    return value.map((v, i) => checkCount(op, `${name}[${i}]`, v, min));
  }
  if (typeof value !== "number") throw new TypeError(`${op}: ${name} must be an integer or ${count} integers, got ${describe(value)}`);
  return Array.from({ length: count }, () => checkCount(op, name, value, min));
}

/** The padding before and after each spatial axis, "same" aside. */
export function paddings(op: string, padding: unknown, count: number): [number, number][] | "same" {
  if (padding === "same") return "same";
  if (padding === "valid") return Array.from({ length: count }, () => [0, 0]);
  if (typeof padding === "number") {
    const p = checkCount(op, "padding", padding);
    return Array.from({ length: count }, () => [p, p]);
  }
  if (Array.isArray(padding)) {
    if (padding.length !== count) throw new RangeError(`${op}: padding must have ${count} [before, after] pairs (one per spatial axis), got ${padding.length}`);
    return padding.map((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`${op}: padding[${i}] must be a pair [before, after], got ${describe(pair)}`);
      return [checkCount(op, `padding[${i}][0]`, pair[0]), checkCount(op, `padding[${i}][1]`, pair[1])];
    });
  }
  throw new TypeError(`${op}: padding must be "valid", "same", a number or [[before, after], ...], got ${describe(padding)}`);
}

/** `input + up - down` as `Plus` or `Minus` of the difference: twin of `Shift` in types/window.ts. */
const shift = (input: number, up: number, down: number): number => (up >= down ? plus(input, up - down) : minus(input, down - up));

/**
 * The windows of the spatial axes of `shape` starting at `first` (as many as
 * `count`), checked against the rule; throws as the module comment says.
 */
export function windowLayout(op: string, shape: readonly number[], first: number, count: number, options: WindowOptions): WindowAxis[] {
  const sizes = perAxis(op, "size", options.sizes, count, 1);
  const strides = perAxis(op, "strides", options.strides, count, 1);
  const dilations = perAxis(op, "dilations", options.dilations, count, 1);
  const pads = paddings(op, options.padding, count);
  return sizes.map((size, j) => {
    const input = shape[first + j]!;
    const stride = strides[j]!;
    const dilation = dilations[j]!;
    const span = dilation * (size - 1) + 1;
    if (pads === "same") {
      const out = ceilDiv(input, stride);
      const total = Math.max((out - 1) * stride + span - input, 0);
      const before = Math.floor(total / 2);
      return { size, stride, dilation, before, after: total - before, out };
    }
    const [before, after] = pads[j]!;
    const padded = input + before + after;
    if (span > padded) {
      throw new ShapeError(writeWindowLarger(op, first + j, span, padded, showShape(shape)), {
        code: "size",
        op,
        mode: "none",
        a: [...shape],
        b: [span],
        axis: first + j,
        sizes: [padded, span],
      });
    }
    // (`floor((padded - span) / stride) + 1`, composed as types/window.ts composes it: `WindowOut`)
    const out = stride === 1 ? shift(input, before + after, span - 1) : floorDiv(shift(input, before + after + stride, span), stride);
    return { size, stride, dilation, before, after, out };
  });
}
