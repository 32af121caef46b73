/**
 * Creating tensors: from nested arrays (the shape is read off the nesting),
 * from flat data plus a shape, and the usual constructors. Every creator
 * copies its input, so later changes to the source do not leak in.
 */
import { allocate, checkDType, type DType, dtypeOfArray } from "../dtype.js";
import { allocateStorage, arrayOf } from "../kernels/wasm/arena.js";
import { recorded } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { type AnyTensor, copyElements, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { nestedShape } from "../shape/nested.js";
import { checkCount, checkFinite, checkInteger, checkShape, checkSize, describe } from "../shape/validate.js";
import type { CeilDiv, Minus, NestedData, NestedDType, NestedShape, Shape, ShapeTypeError } from "../../types/index.js";
import { defineOp } from "./methods.js";

// Optional fields also take `undefined` (`| undefined`), so `{ dtype: maybe }` type-checks under
// exactOptionalPropertyTypes too; the runtime reads `undefined` as left out. (The same in every option type.)
export interface CreateOptions<D extends DType = DType> {
  readonly dtype?: D | undefined;
}


const optionalDType = (op: string, dtype: unknown): DType | undefined => (dtype === undefined ? undefined : checkDType(op, "dtype", dtype));

/** The `{ dtype }` option (with `seed` too for the random creators); an unknown field is a TypeError. */
function checkOptions(op: string, options: unknown, fields: readonly string[] = ["dtype"]): DType | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { dtype: "float32" }, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!fields.includes(key)) throw new TypeError(`${op}: options field "${key}" is not known (${fields.join(", ")})`);
  }
  return optionalDType(op, (options as { dtype?: unknown }).dtype);
}

/**
 * A value as `dtype` stores it. A bool holds only 0 and 1, and a value is true
 * when it is not 0 (NaN is true, as in NumPy); other dtypes store a number as
 * their typed array does (integers truncate toward zero and wrap).
 */
export const storedValue = (value: number | boolean, dtype: DType): number =>
  dtype === "bool" ? (value !== 0 && value !== false ? 1 : 0) : Number(value);

/**
 * A tensor from nested arrays (`tensor([[1, 2, 3], [4, 5, 6]])` has shape
 * [2, 3]), or from flat values plus a shape (`tensor([1, 2, 3, 4, 5, 6], [2, 3])`,
 * also from a typed array). Numbers default to float32, booleans to bool, a
 * typed array to its own dtype; `{ dtype }` converts.
 */
export function tensor<const S extends Shape, const Data extends FlatData = number[], D extends DType = FlatDType<Data>>(
  data: Data,
  shape: S,
  options?: CreateOptions<D>,
): Tensor<[...S], NoInfer<D>>;
export function tensor<const Data extends NestedData, D extends DType = NestedDType<Data>>(
  data: CheckedNested<Data>,
  options?: CreateOptions<D>,
): Tensor<NestedShape<Data> extends infer S extends Shape ? S : number[], NoInfer<D>>;
export function tensor(data: unknown, shapeOrOptions?: unknown, maybeOptions?: unknown): Tensor {
  const op = "tensor";
  if (Array.isArray(shapeOrOptions)) {
    checkShape(op, "shape", shapeOrOptions);
    const dtypeOption = checkOptions(op, maybeOptions);
    const shape = [...shapeOrOptions];
    const size = checkSize(op, shape);
    let values: ArrayLike<number | boolean>;
    let dtype: DType;
    if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
      const own = dtypeOfArray(data);
      if (own === undefined) throw new TypeError(`tensor: data is a ${data.constructor.name}; use a Float32Array, Float64Array, Int32Array or Uint8Array`);
      values = data as unknown as ArrayLike<number>;
      dtype = dtypeOption ?? own;
    } else if (Array.isArray(data)) {
      if (data.length !== size) throw new RangeError(`tensor: ${data.length} values do not fill shape [${shape.join(", ")}], which holds ${size}`);
      for (let i = 0; i < data.length; i++) {
        if (typeof data[i] !== "number" && typeof data[i] !== "boolean") {
          throw new TypeError(`tensor: data[${i}] must be a number or a boolean, got ${describe(data[i])} (pass nested arrays without a shape)`);
        }
      }
      values = data as (number | boolean)[];
      dtype = dtypeOption ?? (data.length > 0 && typeof data[0] === "boolean" ? "bool" : "float32");
    } else {
      throw new TypeError(`tensor: data must be an array or a typed array when a shape is given, got ${describe(data)}`);
    }
    if (values.length !== size) {
      throw new RangeError(`tensor: ${values.length} values do not fill shape [${shape.join(", ")}], which holds ${size}`);
    }
    const storage = allocateStorage("tensor", dtype, size, false);
    const buffer = arrayOf(storage);
    for (let i = 0; i < size; i++) buffer[i] = storedValue(values[i]!, dtype);
    return new Tensor(storage, shape, contiguousStrides(shape), 0, dtype);
  }
  const dtypeOption = checkOptions(op, shapeOrOptions);
  if (maybeOptions !== undefined) throw new TypeError("tensor: a third argument is only taken after a shape");
  const { shape, leaf } = nestedShape(data);
  const dtype = dtypeOption ?? (leaf === "boolean" ? "bool" : "float32");
  const storage = allocateStorage(op, dtype, checkSize(op, shape), false);
  const buffer = arrayOf(storage);
  let k = 0;
  const fill = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) fill(item);
    else buffer[k++] = storedValue(value as number | boolean, dtype);
  };
  fill(data);
  return new Tensor(storage, shape, contiguousStrides(shape), 0, dtype);
}

/** Flat data for `tensor(data, shape)`: numbers, booleans or a typed array. */
export type FlatData = readonly (number | boolean)[] | Float32Array | Float64Array | Int32Array | Uint8Array;

/** The dtype flat data gives without a dtype option. */
export type FlatDType<Data> =
  Data extends Float64Array ? "float64"
  : Data extends Float32Array ? "float32"
  : Data extends Int32Array ? "int32"
  : Data extends Uint8Array ? "uint8"
  : Data extends readonly boolean[] ? "bool"
  : "float32";

/** The data parameter: the data itself, or the ragged-data message as a compile error. */
type CheckedNested<Data> = NestedShape<Data> extends ShapeTypeError<infer Message> ? Message : Data;

function filled(op: string, shape: unknown, value: number, dtype: unknown): Tensor {
  checkShape(op, "shape", shape);
  const type = optionalDType(op, dtype) ?? "float32";
  const stored = storedValue(value, type);
  const zero = Object.is(stored, 0); // (-0 is filled)
  const storage = allocateStorage(op, type, checkSize(op, shape), zero);
  if (!zero) arrayOf(storage).fill(stored);
  return new Tensor(storage, [...shape], contiguousStrides(shape), 0, type);
}

/** A tensor of zeros. */
export const zeros = <const S extends Shape, D extends DType = "float32">(shape: S, dtype?: D): Tensor<[...S], NoInfer<D>> =>
  filled("zeros", shape, 0, dtype) as Tensor<[...S], NoInfer<D>>;

/** A tensor of ones. */
export const ones = <const S extends Shape, D extends DType = "float32">(shape: S, dtype?: D): Tensor<[...S], NoInfer<D>> =>
  filled("ones", shape, 1, dtype) as Tensor<[...S], NoInfer<D>>;

/** A tensor of `shape` with every element `value` (a boolean value makes a bool tensor). */
export function full<const S extends Shape, V extends number | boolean, D extends DType = V extends boolean ? "bool" : "float32">(
  shape: S,
  value: V,
  dtype?: D,
): Tensor<[...S], NoInfer<D>>;
export function full(shape: Shape, value: number | boolean, dtype?: DType): Tensor {
  if (typeof value !== "number" && typeof value !== "boolean") {
    throw new TypeError(`full: value must be a number or a boolean, got ${describe(value)}`);
  }
  return filled("full", shape, Number(value), dtype ?? (typeof value === "boolean" ? "bool" : undefined));
}

/** The shape of a tensor type, as the `...Like` creators keep it. */
export type LikeShape<X> = X extends Tensor<infer S, DType> ? S : number[];
/** The dtype of a tensor type (read off the field, so a generic tensor's dtype is kept too). */
export type LikeDType<X extends AnyTensor> = X["dtype"];

/** A contiguous tensor of `x`'s shape, every element `value` stored as `{ dtype }` (x's own by default) stores it. */
function filledLike(op: string, x: unknown, value: number, options: unknown): Tensor {
  assertTensor(op, "x", x);
  const dtype = checkOptions(op, options) ?? x.dtype;
  const buffer = allocate(op, dtype, x.size);
  const stored = storedValue(value, dtype);
  if (!Object.is(stored, 0)) buffer.fill(stored);
  return new Tensor(buffer, [...x.shape], contiguousStrides(x.shape), 0, dtype);
}

/** Zeros of `x`'s shape, in x's dtype unless `{ dtype }` says otherwise; x's elements are not read. */
export const zerosLike = /* @__PURE__ */ defineOp(
  "zerosLike",
  <X extends AnyTensor, D extends DType = LikeDType<X>>(x: X, options?: CreateOptions<D>): Tensor<LikeShape<X>, NoInfer<D>> =>
    recorded("zerosLike", [x, options], filledLike("zerosLike", x, 0, options)) as Tensor<LikeShape<X>, NoInfer<D>>,
);

/** Ones of `x`'s shape, in x's dtype unless `{ dtype }` says otherwise. */
export const onesLike = /* @__PURE__ */ defineOp(
  "onesLike",
  <X extends AnyTensor, D extends DType = LikeDType<X>>(x: X, options?: CreateOptions<D>): Tensor<LikeShape<X>, NoInfer<D>> =>
    recorded("onesLike", [x, options], filledLike("onesLike", x, 1, options)) as Tensor<LikeShape<X>, NoInfer<D>>,
);

/**
 * `value` everywhere in `x`'s shape, in x's dtype unless `{ dtype }` says otherwise (as NumPy's
 * `full_like`: the value is stored as that dtype stores it, so 2.7 in an int32 tensor is 2).
 */
export const fullLike = /* @__PURE__ */ defineOp("fullLike", function fullLike<X extends AnyTensor, D extends DType = LikeDType<X>>(
  x: X,
  value: number | boolean,
  options?: CreateOptions<D>,
): Tensor<LikeShape<X>, NoInfer<D>> {
  if (typeof value !== "number" && typeof value !== "boolean") {
    throw new TypeError(`fullLike: value must be a number or a boolean, got ${describe(value)}`);
  }
  return recorded("fullLike", [x, value, options], filledLike("fullLike", x, Number(value), options)) as Tensor<LikeShape<X>, NoInfer<D>>;
});

/** A contiguous row-major copy of `x` in a new buffer, same shape and dtype (a view's copy is contiguous). */
export const clone = /* @__PURE__ */ defineOp("clone", function clone<X extends AnyTensor>(x: X): Tensor<LikeShape<X>, LikeDType<X>> {
  assertTensor("clone", "x", x);
  return recorded("clone", [x], new Tensor(copyElements("clone", x), [...x.shape], contiguousStrides(x.shape), 0, x.dtype)) as never;
});

/**
 * `arange(stop)` or `arange(start, stop, step = 1)`: evenly spaced values in
 * [start, stop), as NumPy's arange. float32 unless `{ dtype }` says otherwise.
 */
export function arange<const Stop extends number, D extends DType = "float32">(stop: StopDecided<Stop>, options?: CreateOptions<D>): Tensor<[ArangeLength<Stop>], NoInfer<D>>;
/** `arange(t)` with `t: T` a type parameter: a size, so the length is `T` itself. */
export function arange<Stop extends number, D extends DType = "float32">(stop: Stop, options?: CreateOptions<D>): Tensor<[Stop], NoInfer<D>>;
/** `arange(start, stop, step?)` with literal bounds: `RangeLength`, the count for integers (`arange(0, 64, 2)` is `[32]`). */
export function arange<const Start extends number, const Stop extends number, const Step extends number = 1, D extends DType = "float32">(
  start: Start,
  stop: StopDecided<Stop>,
  step?: Step,
  options?: CreateOptions<D>,
): Tensor<[RangeLength<Start, Stop, Step>], NoInfer<D>>;
/** `arange(start, t, step?)` with `t: T` a type parameter: `RangeTo`, a size computed from `T` (`arange(1, t)` is `[Minus<T, 1>]`). */
export function arange<const Start extends number, Stop extends number, const Step extends number = 1, D extends DType = "float32">(
  start: Start,
  stop: Stop,
  step?: Step,
  options?: CreateOptions<D>,
): Tensor<[RangeTo<Start, Stop, Step>], NoInfer<D>>;
export function arange(startOrStop: number, stop?: unknown, step?: unknown, options?: unknown): Tensor {
  const op = "arange";
  // arange(stop, options)
  if (stop !== undefined && typeof stop === "object") return arange(0, startOrStop, 1, stop as CreateOptions);
  const [start, end] = stop === undefined ? [0, startOrStop] : [startOrStop, stop as number];
  const delta = (step as number | undefined) ?? 1;
  checkFinite(op, stop === undefined ? "stop" : "start", startOrStop);
  checkFinite(op, "stop", end);
  checkFinite(op, "step", delta);
  if (delta === 0) throw new RangeError("arange: step must not be 0");
  const dtype = checkOptions(op, options) ?? "float32";
  const length = Math.max(0, Math.ceil((end - start) / delta));
  const buffer = allocate(op, dtype, checkSize(op, [length]));
  for (let i = 0; i < length; i++) buffer[i] = storedValue(start + i * delta, dtype);
  return new Tensor(buffer, [length], [1], 0, dtype);
}

/**
 * The stop of the first signature: `Stop` itself for a literal or `number`. For a type
 * parameter the test stays unresolved, so no argument fits and the call takes the next
 * signature, whose length is the parameter (the rule below would ask whether it is an integer).
 */
type StopDecided<Stop extends number> = [Stop] extends [never] ? never : Stop;

/**
 * The length `arange(start, stop, step)` gives, `max(ceil((stop - start) / step), 0)`, for
 * integer literals (a descending range counts `start - stop` by `-step`); `number` for a bound
 * known only at run time, a fraction, a negative bound or a step of 0 (the runtime refuses it).
 *
 * @example
 * RangeLength<0, 64, 2>   //=> 32
 * RangeLength<10, 0, -3>  //=> 4
 * RangeLength<5, 2, 1>    //=> 0
 */
export type RangeLength<Start extends number, Stop extends number, Step extends number> =
  number extends Start | Stop | Step ? number
  : `${Start}|${Stop}|${Step}` extends `${string}.${string}` | `${string}|0` ? number
  : `${Step}` extends `-${infer Back extends number}` ? Counted<Start, Stop, Back>
  : Counted<Stop, Start, Step>;

/** `High - Low` cells (0 when Low is as large) counted by `Step`; `number` for a negative bound. */
type Counted<High extends number, Low extends number, Step extends number> =
  `${High}|${Low}` extends `-${string}` | `${string}|-${string}` ? number : CountedBy<Minus<High, Low>, Step>;

/** `Span` cells counted by `Step`: the span itself by 1, else `CeilDiv<Span, Step>`. */
type CountedBy<Span extends number, Step extends number> = [Step] extends [1] ? Span : CeilDiv<Span, Step>;

/**
 * The length of `arange(start, t, step)` with `t: T` a type parameter: a size computed from `T`
 * (types/size.ts): `T` itself from 0 by 1, `Minus<T, 1>` from 1, `CeilDiv<T, 2>` from 0 by 2;
 * `number` for a start or step that is not a non-negative integer (a descending range to a
 * type parameter, too). Its own test is on `start` and `step`, so with a start that is a type
 * parameter it stays unresolved, named by this alias.
 */
export type RangeTo<Start extends number, Stop extends number, Step extends number> =
  number extends Start | Step ? number
  : `${Start}|${Step}` extends `-${string}` | `${string}|-${string}` | `${string}.${string}` | `${string}|0` ? number
  : CountedBy<SpanTo<Start, Stop>, Step>;

/** `Stop - Start`, decided on `Start`: the stop itself from 0. */
type SpanTo<Start extends number, Stop extends number> = [Start] extends [0] ? Stop : Minus<Stop, Start>;

/** The length `arange(stop)` gives: `stop` for a non-negative integer literal, else unknown. */
export type ArangeLength<Stop extends number> = number extends Stop ? number : `${Stop}` extends `${bigint}` ? (`${Stop}` extends `-${string}` ? 0 : Stop) : number;

/** `num` evenly spaced values from `start` to `stop`, both included. */
export function linspace<const Num extends number, D extends DType = "float32">(
  start: number,
  stop: number,
  num: Num,
  options?: CreateOptions<D>,
): Tensor<[Num], NoInfer<D>>;
export function linspace(start: number, stop: number, num: number, options?: CreateOptions): Tensor {
  const op = "linspace";
  checkFinite(op, "start", start);
  checkFinite(op, "stop", stop);
  checkCount(op, "num", num);
  const dtype = checkOptions(op, options) ?? "float32";
  const buffer = allocate(op, dtype, checkSize(op, [num]));
  const delta = num > 1 ? (stop - start) / (num - 1) : 0;
  for (let i = 0; i < num; i++) buffer[i] = storedValue(i === num - 1 && num > 1 ? stop : start + i * delta, dtype);
  return new Tensor(buffer, [num], [1], 0, dtype);
}

/** An `n` x `m` matrix with ones on the diagonal. */
export function eye<const N extends number, const M extends number = N, D extends DType = "float32">(
  n: N,
  m?: M,
  options?: CreateOptions<D>,
): Tensor<[N, M], NoInfer<D>>;
export function eye(n: number, m: number = n, options?: CreateOptions): Tensor {
  const op = "eye";
  checkCount(op, "n", n);
  checkCount(op, "m", m);
  const dtype = checkOptions(op, options) ?? "float32";
  const buffer = allocate(op, dtype, checkSize(op, [n, m]));
  for (let i = 0; i < Math.min(n, m); i++) buffer[i * m + i] = 1;
  return new Tensor(buffer, [n, m], contiguousStrides([n, m]), 0, dtype);
}

// ---------------------------------------------------------------------------
// Seeded random numbers: xoshiro128** seeded through splitmix32.
// ---------------------------------------------------------------------------

export interface RandomOptions<D extends "float32" | "float64" = "float32" | "float64"> {
  /**
   * The same seed gives the same numbers: for `random` in every engine; `randn` goes through
   * Math.log, cos and sin, which engines approximate differently, so between engines its values
   * may differ in the last bit. Without a seed, one is drawn from Math.random.
   */
  readonly seed?: number | undefined;
  readonly dtype?: D | undefined;
}

function generator(op: string, seed: unknown): () => number {
  if (seed !== undefined) checkInteger(op, "seed", seed);
  let state: number = seed === undefined ? Math.floor(Math.random() * 2 ** 32) : seed;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let s0 = splitmix();
  let s1 = splitmix();
  let s2 = splitmix();
  let s3 = splitmix();
  return () => {
    const result = Math.imul(((Math.imul(s1, 5) << 7) | (Math.imul(s1, 5) >>> 25)), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result / 4294967296;
  };
}

/** A float tensor of `shape` filled by `fill` from a seeded generator; `op` names the caller in errors. */
function seeded(op: string, shape: unknown, options: unknown, fill: (buffer: Float64Array | Float32Array, next: () => number) => void): Tensor {
  checkShape(op, "shape", shape);
  const dtype = checkOptions(op, options, ["dtype", "seed"]) ?? "float32";
  if (dtype !== "float32" && dtype !== "float64") throw new TypeError(`${op}: dtype must be float32 or float64, got ${dtype}`);
  const next = generator(op, (options as RandomOptions | undefined)?.seed);
  // in the engine's memory when large enough, as every other creation function (fill writes every element)
  const storage = allocateStorage(op, dtype, checkSize(op, shape), false);
  fill(arrayOf(storage) as Float32Array | Float64Array, next);
  return new Tensor(storage, [...shape], contiguousStrides(shape), 0, dtype);
}

/** Uniform values in [0, 1). */
export function random<const S extends Shape, D extends "float32" | "float64" = "float32">(shape: S, options?: RandomOptions<D>): Tensor<[...S], NoInfer<D>>;
export function random(shape: Shape, options?: RandomOptions): Tensor {
  return seeded("random", shape, options, (buffer, next) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = next();
  });
}

/** Standard normal values (mean 0, standard deviation 1), by the Box-Muller transform. */
export function randn<const S extends Shape, D extends "float32" | "float64" = "float32">(shape: S, options?: RandomOptions<D>): Tensor<[...S], NoInfer<D>>;
export function randn(shape: Shape, options?: RandomOptions): Tensor {
  return seeded("randn", shape, options, (buffer, next) => {
    for (let i = 0; i < buffer.length; i += 2) {
      const u = 1 - next(); // (0, 1]: log is finite
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      buffer[i] = radius * Math.cos(2 * Math.PI * v);
      if (i + 1 < buffer.length) buffer[i + 1] = radius * Math.sin(2 * Math.PI * v);
    }
  });
}
