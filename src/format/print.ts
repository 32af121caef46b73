/**
 * NumPy-style printing. The shape and dtype are always shown; a tensor with
 * more than `THRESHOLD` elements shows the first and last `EDGE` entries of
 * each axis with `...` between.
 *
 *   tensor([[1, 2, 3],
 *           [4, 5, 6]], shape=[2, 3], dtype=int32)
 */
import type { DType } from "../dtype.js";

/** What printing needs of a tensor (kept structural to avoid an import cycle). */
interface Printable {
  readonly data: ArrayLike<number>;
  readonly shape: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
  readonly dtype: DType;
  readonly size: number;
}

export const THRESHOLD = 1000;
export const EDGE = 3;
const PRECISION = 4;

/**
 * The indices shown on each axis (-1 stands for `...`). A tensor of more than
 * `THRESHOLD` elements shows `EDGE` entries at each end of an axis; when that
 * still adds up to more than `THRESHOLD` values (many short axes, e.g. 30 axes
 * of 2), the outer axes show fewer, down to their first entry and `...`.
 */
function shownIndices(shape: readonly number[], size: number): number[][] {
  const all = (dim: number): number[] => Array.from({ length: dim }, (_, i) => i);
  if (size <= THRESHOLD) return shape.map(all);
  const edges = (dim: number, edge: number): number[] =>
    dim <= 2 * edge ? all(dim) : [...all(edge), -1, ...Array.from({ length: edge }, (_, i) => dim - edge + i)];
  const shown = shape.map((dim) => edges(dim, EDGE));
  const count = (): number => shown.reduce((product, indices) => product * indices.filter((i) => i >= 0).length, 1);
  for (let axis = 0; axis < shape.length && count() > THRESHOLD; axis++) {
    const dim = shape[axis]!;
    shown[axis] = dim <= 1 ? all(dim) : [0, -1, dim - 1];
    if (count() > THRESHOLD) shown[axis] = [0, -1];
  }
  return shown;
}

export function formatTensor(t: Printable): string {
  // a buffer transferred to another thread leaves an empty array: say so rather than print NaN
  if (t.data.length === 0 && t.size > 0) return `tensor(<buffer detached>, shape=[${t.shape.join(", ")}], dtype=${t.dtype})`;
  const indices = t.size === 0 ? [] : shownIndices(t.shape, t.size);
  const shown = (axis: number): number[] => indices[axis]!;
  // collect the shown values first, to format them to one width
  const values: number[] = [];
  const collect = (axis: number, position: number): void => {
    if (axis === t.shape.length) {
      values.push(t.data[position]!);
      return;
    }
    for (const i of shown(axis)) if (i >= 0) collect(axis + 1, position + i * t.strides[axis]!);
  };
  if (t.size > 0) collect(0, t.offset);
  const format = formatter(values, t.dtype);
  const width = values.reduce((max, value) => Math.max(max, format(value).length), 0);
  const prefix = "tensor(";
  const render = (axis: number, position: number, indent: number): string => {
    if (axis === t.shape.length) return format(t.data[position]!).padStart(width);
    const parts: string[] = [];
    for (const i of shown(axis)) {
      parts.push(i < 0 ? "..." : render(axis + 1, position + i * t.strides[axis]!, indent + 1));
    }
    const inner = t.shape.length - axis - 1;
    const separator = inner === 0 ? ", " : `,${"\n".repeat(inner)}${" ".repeat(indent + 1)}`;
    return `[${parts.join(separator)}]`;
  };
  // an empty tensor prints as NumPy prints one: `[]`, its shape saying how it is empty
  const body = t.size === 0 ? "[]" : render(0, t.offset, prefix.length);
  return `${prefix}${body}, shape=[${t.shape.join(", ")}], dtype=${t.dtype})`;
}

function formatter(values: readonly number[], dtype: DType): (value: number) => string {
  if (dtype === "bool") return (value) => (value ? "true" : "false");
  if (dtype !== "float32" && dtype !== "float64") return (value) => String(value);
  const special = (value: number): string | undefined =>
    Number.isNaN(value) ? "nan" : value === Infinity ? "inf" : value === -Infinity ? "-inf" : undefined;
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.every((value) => Number.isInteger(value)) && finite.every((value) => Math.abs(value) < 1e16)) {
    return (value) => special(value) ?? `${value}.`;
  }
  const large = finite.some((value) => Math.abs(value) >= 1e8 || (value !== 0 && Math.abs(value) < 1e-4));
  if (large) return (value) => special(value) ?? value.toExponential(PRECISION);
  // fixed point with up to PRECISION decimals, trailing zeros dropped but aligned on the point
  const decimals = Math.max(
    1,
    ...finite.map((value) => {
      const text = value.toFixed(PRECISION).replace(/0+$/, "");
      return text.length - text.indexOf(".") - 1;
    }),
  );
  return (value) => special(value) ?? value.toFixed(decimals);
}
