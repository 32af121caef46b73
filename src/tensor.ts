/**
 * `Tensor<Shape, DType>`: a typed-array buffer read through a shape, strides
 * (in elements) and an offset. Views (transpose, slice, broadcast, ...) share
 * the buffer; broadcasting is a stride of 0, never a copy.
 *
 * The shape lives in the type: `Tensor<[2, 3], "float32">`. Create tensors
 * with `tensor`, `zeros`, `ones`, ... (src/ops/create.ts), not `new`.
 */
import { allocate, allocateArray, type DType, type StorageOf } from "./dtype.js";
import { formatTensor } from "./format/print.js";
import {
  type KnownDType,
  type KnownShape,
  partsFromClone,
  partsFromJSON,
  type TensorExpectation,
  type TensorJSON,
  type TensorLike,
  type TensorParts,
  toJSONForm,
} from "./format/serialize.js";
import { contiguousStrides } from "./kernels/plan.js";
import { disposedOutside, drop, evict, MIN_RESIDENT_BYTES, Resident } from "./kernels/wasm/arena.js";
import { tidyScope } from "./lifetime.js";
import { checkInteger, checkSize, MAX_ELEMENTS, MAX_RANK } from "./shape/validate.js";
import type { Reversed, Shape } from "../types/index.js";
import type { TensorMethods } from "./ops/catalog.js";
import { installMethods } from "./ops/methods.js";

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");
/**
 * `data` of a tensor whose elements are in the engine's memory: reading it moves them out to
 * an ArrayBuffer of their own (src/kernels/wasm/arena.ts), for the tensor and all its views.
 * An own, enumerable property, so a structured clone reads it as it reads a plain `data`.
 */
const RESIDENT_DATA: PropertyDescriptor = {
  get(this: Tensor): unknown {
    const resident = Tensor.residentOf(this)!;
    return resident === DISPOSED ? emptyOf(this.dtype) : evict(resident);
  },
  enumerable: true,
  configurable: true,
};
/**
 * What a disposed tensor holds instead of its elements: none. Its `data` is an empty typed array
 * of its dtype, as a buffer transferred to a worker leaves it, and every op and read-out refuses it.
 */
const DISPOSED = new Resident(new Float64Array(0), -1);
const EMPTY: Partial<Record<DType, StorageOf[DType]>> = {};
const emptyOf = (dtype: DType): StorageOf[DType] => (EMPTY[dtype] ??= allocate("dispose", dtype, 0));

/** One element as JavaScript reads it: a number, or a boolean for `bool`. */
export type ElementOf<D extends DType> = D extends "bool" ? boolean : number;

/** Nested JavaScript arrays of a tensor's elements: numbers, or booleans for `bool`. */
export type NestedArray<S extends Shape, D extends DType> = S extends readonly [number, ...infer Rest extends Shape]
  ? NestedArray<Rest, D>[]
  : number extends S["length"] ? unknown
  : D extends "bool" ? boolean : number;

/** A dim whose type is a union of sizes (`10 | 11`): a conflict, never a real size. */
type IsUnionDim<N, All = N> = N extends unknown ? ([All] extends [N] ? false : true) : never;
declare const exactShape: unique symbol;
/**
 * `{}` for a size, `ConflictingSizes<N>` for a union of sizes; an alias, so cached per size.
 * `N` is the check type (read through `infer`): two of these then relate as their sizes do,
 * which `Transposed`'s variance annotation needs.
 * (`{}` rather than `unknown`: with strictNullChecks off `unknown` is related as `{}`, so the
 * error would read differently there, one line longer.)
 */
type ExactDim<N> = [N] extends [infer M] ? (true extends IsUnionDim<M> ? ConflictingSizes<M> : {}) : never;
/** What a caller sees when two arguments give one dim different sizes. */
interface ConflictingSizes<N> {
  readonly "one dim of this shape gets different sizes from different arguments": N;
}

/** The most arrays and entries `toArray()` builds (about 1 GiB of JavaScript arrays). */
/**
 * What only a `Tensor` has: its shape check's key. A parameter typed
 * `TensorBrand & { readonly shape: ... }` takes tensors of those shapes and is
 * checked property by property, without comparing every method of the class.
 */
export interface TensorBrand<D extends DType> {
  readonly [exactShape]: unknown;
  readonly dtype: D;
}

/**
 * Any tensor of shape `S` and dtype `D`, as a type parameter's constraint: `<X extends AnyTensor>`
 * takes exactly what `<X extends Tensor>` takes (only a `Tensor` has the brand), but the
 * compiler checks its brand, shape and dtype alone. Against `Tensor` itself it compares every
 * member of the class for each shape it has not seen: the shape check above leaves `Tensor`'s
 * shape parameter without a measurable variance, so tensor types of different shapes are
 * compared member by member (about 140 instantiations per call on a new shape, against 5;
 * docs/generic-code.md).
 *
 * @example
 * function firstAxis<X extends AnyTensor>(x: X): X["shape"][0] { return x.shape[0]; }
 */
export interface AnyTensor<S extends Shape = Shape, D extends DType = DType> extends TensorBrand<D> {
  readonly shape: S;
}

export const TO_ARRAY_LIMIT = 2 ** 27;


/**
 * The type of `x.T`: a `Tensor` of `X`'s shape reversed, in `X`'s dtype. An interface of its
 * own with a covariant `X`, so comparing two tensors compares their `T`s as the tensors
 * themselves (already under way) instead of walking reversed shapes, which the compiler
 * cannot do inside generic code.
 */
export interface Transposed<out X extends Tensor> extends Tensor<Reversed<X["shape"]>, X["dtype"]> {}

export class Tensor<S extends Shape = Shape, out D extends DType = DType> {
  /** @internal Rejects a shape with a union dim (`[784, 10 | 11]`) as an assignment target. */
  declare readonly [exactShape]: { [K in keyof S]-?: ExactDim<S[K]> };
  /**
   * The buffer, shared with every view of it. An ordinary typed array: a tensor the engine
   * keeps in WebAssembly memory moves its elements out to one of their own when this is read.
   */
  declare readonly data: StorageOf[D];
  /**
   * The engine's memory block of the elements, shared with the views; undefined when `data` is
   * all. Private: not part of a structured clone, of equality in tests, or of the typed surface.
   */
  #resident: Resident | undefined;
  /** The size of each axis. */
  declare readonly shape: S;
  /** Elements to step over per axis; 0 on a broadcast axis. */
  declare readonly strides: readonly number[];
  /** Index in `data` of the first element. */
  declare readonly offset: number;
  declare readonly dtype: D;
  /** Number of elements. */
  declare readonly size: number;

  // The element-wise ops as methods, one per `method` entry of the op catalog
  // (src/ops/catalog.ts), typed by it and installed by src/ops/methods.ts:
  // `x.add(y, options)` is `add(x, y, options)`, with the same types. (Declared
  // one by one: an interface extending TensorMethods, merged into the class,
  // would cost every program about 40 more type instantiations per op call.)
  declare add: TensorMethods["add"];
  declare sub: TensorMethods["sub"];
  declare mul: TensorMethods["mul"];
  declare div: TensorMethods["div"];
  declare pow: TensorMethods["pow"];
  declare mod: TensorMethods["mod"];
  declare maximum: TensorMethods["maximum"];
  declare minimum: TensorMethods["minimum"];
  declare equal: TensorMethods["equal"];
  declare notEqual: TensorMethods["notEqual"];
  declare less: TensorMethods["less"];
  declare lessEqual: TensorMethods["lessEqual"];
  declare greater: TensorMethods["greater"];
  declare greaterEqual: TensorMethods["greaterEqual"];
  declare logicalAnd: TensorMethods["logicalAnd"];
  declare logicalOr: TensorMethods["logicalOr"];
  declare logicalXor: TensorMethods["logicalXor"];
  declare neg: TensorMethods["neg"];
  declare abs: TensorMethods["abs"];
  declare sign: TensorMethods["sign"];
  declare sqrt: TensorMethods["sqrt"];
  declare exp: TensorMethods["exp"];
  declare log: TensorMethods["log"];
  declare sin: TensorMethods["sin"];
  declare cos: TensorMethods["cos"];
  declare tanh: TensorMethods["tanh"];
  declare sigmoid: TensorMethods["sigmoid"];
  declare relu: TensorMethods["relu"];
  declare floor: TensorMethods["floor"];
  declare ceil: TensorMethods["ceil"];
  declare round: TensorMethods["round"];
  /** Every element limited to `[min, max]`; see `clip`. */
  declare clip: TensorMethods["clip"];
  /** A copy in another dtype; see `cast`. */
  declare cast: TensorMethods["cast"];
  // activations and tests of values
  declare gelu: TensorMethods["gelu"];
  declare silu: TensorMethods["silu"];
  declare softplus: TensorMethods["softplus"];
  declare leakyRelu: TensorMethods["leakyRelu"];
  declare elu: TensorMethods["elu"];
  declare erf: TensorMethods["erf"];
  declare logSigmoid: TensorMethods["logSigmoid"];
  declare isNaN: TensorMethods["isNaN"];
  declare isFinite: TensorMethods["isFinite"];
  // every other op whose first argument is a tensor (types: src/ops/method-types.ts)
  declare zerosLike: TensorMethods["zerosLike"];
  declare onesLike: TensorMethods["onesLike"];
  declare fullLike: TensorMethods["fullLike"];
  declare clone: TensorMethods["clone"];
  declare sum: TensorMethods["sum"];
  declare prod: TensorMethods["prod"];
  declare mean: TensorMethods["mean"];
  declare max: TensorMethods["max"];
  declare min: TensorMethods["min"];
  declare argmax: TensorMethods["argmax"];
  declare argmin: TensorMethods["argmin"];
  declare variance: TensorMethods["variance"];
  declare std: TensorMethods["std"];
  declare logSumExp: TensorMethods["logSumExp"];
  declare any: TensorMethods["any"];
  declare all: TensorMethods["all"];
  declare softmax: TensorMethods["softmax"];
  declare logSoftmax: TensorMethods["logSoftmax"];
  declare layerNorm: TensorMethods["layerNorm"];
  declare rmsNorm: TensorMethods["rmsNorm"];
  declare batchNorm: TensorMethods["batchNorm"];
  declare cumsum: TensorMethods["cumsum"];
  declare cumprod: TensorMethods["cumprod"];
  declare sort: TensorMethods["sort"];
  declare argsort: TensorMethods["argsort"];
  declare topk: TensorMethods["topk"];
  declare maxPool2d: TensorMethods["maxPool2d"];
  declare avgPool2d: TensorMethods["avgPool2d"];
  declare maxPool1d: TensorMethods["maxPool1d"];
  declare avgPool1d: TensorMethods["avgPool1d"];
  declare resize: TensorMethods["resize"];
  declare upsample: TensorMethods["upsample"];
  declare conv1d: TensorMethods["conv1d"];
  declare conv2d: TensorMethods["conv2d"];
  declare depthwiseConv2d: TensorMethods["depthwiseConv2d"];
  declare conv2dTranspose: TensorMethods["conv2dTranspose"];
  declare split: TensorMethods["split"];
  declare tile: TensorMethods["tile"];
  declare pad: TensorMethods["pad"];
  declare gather: TensorMethods["gather"];
  declare take: TensorMethods["take"];
  declare oneHot: TensorMethods["oneHot"];
  declare tril: TensorMethods["tril"];
  declare triu: TensorMethods["triu"];
  declare repeat: TensorMethods["repeat"];
  declare matmul: TensorMethods["matmul"];
  declare dot: TensorMethods["dot"];
  declare outer: TensorMethods["outer"];
  declare broadcastTo: TensorMethods["broadcastTo"];
  declare expandDims: TensorMethods["expandDims"];
  declare flatten: TensorMethods["flatten"];
  declare permute: TensorMethods["permute"];
  declare reshape: TensorMethods["reshape"];
  declare slice: TensorMethods["slice"];
  declare squeeze: TensorMethods["squeeze"];
  declare transpose: TensorMethods["transpose"];
  declare assertShape: TensorMethods["assertShape"];

  /**
   * @internal Use `tensor()`, `zeros()` and the other creators instead. `adopt`: `shape` and
   * `strides` are new arrays no one else holds (an op's result), kept rather than copied.
   */
  constructor(data: StorageOf[D] | Resident, shape: S, strides: readonly number[], offset: number, dtype: D, adopt = false) {
    if (!(data instanceof Resident)) {
      this.#resident = undefined;
      this.data = data;
    } else if (data.held >= 0) {
      this.#resident = data;
      data.refs++;
      Object.defineProperty(this, "data", RESIDENT_DATA);
    } else {
      this.#resident = undefined;
      this.data = data.array as StorageOf[D];
    }
    // copied, not frozen: freezing costs more than a small op itself; the types mark both readonly
    this.shape = adopt ? shape : ([...shape] as unknown as S);
    this.strides = adopt ? strides : [...strides];
    this.offset = offset;
    this.dtype = dtype;
    let size = 1;
    let positions = 1;
    for (const dim of shape) {
      size *= dim;
      positions *= dim || 1;
    }
    // a backstop: every op checks the limits itself first, naming its arguments
    if (!(positions <= MAX_ELEMENTS) || shape.length > MAX_RANK) checkSize("Tensor", shape, "shape");
    this.size = size;
    if (tidyScope !== undefined) tidyScope.push(this);
  }

  /** @internal The engine's memory block of `t`'s elements, if it has one (elementsOf, storageOf). */
  static residentOf(t: Tensor): Resident | undefined {
    return t.#resident;
  }

  /**
   * Frees the elements now rather than when the collector finds the tensor unreachable: a
   * tensor in the engine's WebAssembly memory gives its block back for the next result (a
   * block shared with views is given back when the last of them is disposed or collected).
   * Afterwards every op and read-out refuses the tensor with a `TypeError`, and its `data` is
   * an empty typed array (as a buffer transferred to a worker leaves it); its views go on working. Disposing twice does nothing. Never needed for correctness: it is for loops that
   * never yield, where the collector's callbacks cannot run (see `tidy`, README "Freeing memory").
   *
   * @example
   * const y = add(a, b);
   * use(y);
   * y.dispose();      // y's block serves the next op at once
   */
  dispose(): void {
    const resident = this.#resident;
    if (resident === DISPOSED) return;
    if (resident !== undefined) drop(resident);
    this.#resident = DISPOSED;
    if (resident === undefined) {
      if (this.data.byteLength >= MIN_RESIDENT_BYTES) disposedOutside();
      (this as { data: unknown }).data = emptyOf(this.dtype);
    }
  }

  /** Was `dispose()` called on this tensor (itself or by a `tidy` scope)? */
  get isDisposed(): boolean {
    return this.#resident === DISPOSED;
  }

  /** Number of axes. */
  get rank(): S["length"] {
    return this.shape.length;
  }

  /**
   * The axes reversed (a matrix transpose), as `x.transpose()`: a view, no copy. Typed
   * `Transposed<typeof x>`, a `Tensor` of the reversed shape.
   *
   * @example
   * const t = zeros([2, 3, 4]).T;
   * t.shape;  // [4, 3, 2]
   * const u: Tensor<[4, 3, 2]> = t;
   */
  get T(): Transposed<this> {
    return this.transpose() as unknown as Transposed<this>;
  }

  /** Are the elements laid out row-major and without gaps from `offset`? */
  get isContiguous(): boolean {
    let step = 1;
    for (let axis = this.shape.length - 1; axis >= 0; axis--) {
      const dim = this.shape[axis]!;
      if (dim !== 1 && this.strides[axis] !== step) return false;
      step *= dim;
    }
    return true;
  }

  /** The element at `indices` (one per axis; negative counts from the end). */
  // (methods whose result depends on the shape or dtype take them from `this`,
  // so the class stays covariant in both: a Tensor<[2, 3]> is a Tensor<Shape>)
  get<This extends AnyTensor>(this: This, ...indices: number[]): ElementOf<This["dtype"]>;
  get(...indices: number[]): number | boolean {
    checkReadOut("x.get()", this);
    assertAttached("get", "the tensor", this);
    if (indices.length !== this.shape.length) {
      throw new RangeError(`get: ${indices.length} indices for a rank-${this.shape.length} tensor of shape [${this.shape.join(", ")}]`);
    }
    let position = this.offset;
    for (let axis = 0; axis < indices.length; axis++) {
      const dim = this.shape[axis]!;
      let index = indices[axis]!;
      checkInteger("get", `indices[${axis}]`, index);
      if (index < -dim || index >= dim) {
        throw new RangeError(`get: index ${index} is out of range for axis ${axis} of size ${dim}`);
      }
      if (index < 0) index += dim;
      position += index * this.strides[axis]!;
    }
    return this.read(position);
  }

  /** The one element of a tensor of size 1. */
  item<This extends AnyTensor>(this: This): ElementOf<This["dtype"]>;
  item(): number | boolean {
    checkReadOut("x.item()", this);
    assertAttached("item", "the tensor", this);
    if (this.size !== 1) {
      throw new RangeError(`item: the tensor has ${this.size} elements (shape [${this.shape.join(", ")}]); item() needs exactly 1`);
    }
    return this.read(this.offset);
  }

  /**
   * The elements as nested arrays (numbers; booleans for `bool`). At most
   * `TO_ARRAY_LIMIT` arrays and entries in all (a `RangeError` beyond, before
   * anything is built: use `toTypedArray()` for large tensors).
   */
  toArray<This extends AnyTensor>(this: This): NestedArray<This["shape"], This["dtype"]>;
  toArray(): unknown {
    checkReadOut("x.toArray()", this);
    assertAttached("toArray", "the tensor", this);
    let count = 1; // the outer array, then per axis its entries and (but for the last axis) the arrays they are
    let along = 1;
    for (let axis = 0; axis < this.shape.length; axis++) {
      along *= this.shape[axis]!;
      count += axis < this.shape.length - 1 ? 2 * along : along;
    }
    if (count > TO_ARRAY_LIMIT) {
      throw new RangeError(
        `toArray: a tensor of shape [${this.shape.join(", ")}] needs ${count} nested arrays and entries, more than the ${TO_ARRAY_LIMIT} toArray builds; use toTypedArray()`,
      );
    }
    const build = (axis: number, position: number): unknown => {
      if (axis === this.shape.length) return this.read(position);
      const out = new Array<unknown>(this.shape[axis]!);
      for (let i = 0; i < out.length; i++) out[i] = build(axis + 1, position + i * this.strides[axis]!);
      return out;
    };
    return build(0, this.offset);
  }

  /** A contiguous row-major copy of the elements in a new typed array. */
  toTypedArray(): StorageOf[D] {
    checkReadOut("x.toTypedArray()", this);
    assertAttached("toTypedArray", "the tensor", this);
    return copyElements("toTypedArray", this);
  }

  /**
   * The JSON form, which `JSON.stringify(t)` uses: `{ format: "shapecast.tensor", version: 1,
   * shape, dtype, data }`, `data` the base64 of the elements' little-endian bytes in row-major
   * order (a view writes its own elements, not its buffer). Every value comes back from
   * `Tensor.fromJSON` bit for bit, NaN, infinities and -0 included. See src/format/serialize.ts.
   */
  toJSON<This extends AnyTensor>(this: This): TensorJSON<This["shape"], This["dtype"]>;
  toJSON(): TensorJSON<Shape, DType> {
    checkReadOut("x.toJSON() (JSON.stringify)", this);
    assertAttached("toJSON", "the tensor", this);
    return toJSONForm(inPlace(this));
  }

  /**
   * The tensor of a JSON form (an object from `toJSON()`, or its JSON text), checked: a
   * `TypeError` for a field of the wrong kind or an unknown dtype, a `RangeError` for data that
   * does not fill the shape, a size that is not a non-negative integer, or another version of
   * the form. `expected` (`{ shape?, dtype? }`) is checked too (a `ShapeError` for another shape,
   * a `TypeError` for another dtype) and types the result.
   *
   * @example
   * const m = Tensor.fromJSON(text, { shape: [2, 3], dtype: "float32" }); // Tensor<[2, 3], "float32">
   */
  static fromJSON<const S extends Shape = number[], D extends DType = DType, const ES extends Shape = S, ED extends DType = D>(
    json: TensorJSON<S, D> | string,
    expected?: TensorExpectation<ES, ED>,
  ): Tensor<KnownShape<ES>, KnownDType<ED>> {
    return fromParts(partsFromJSON(json, expected)) as Tensor<KnownShape<ES>, KnownDType<ED>>;
  }

  /**
   * A tensor over `value.data` itself (no copy), from a tensor's structured clone (what
   * `structuredClone(t)` gives, or a worker receives from `postMessage(t, [t.data.buffer])`), a
   * tensor, or a plain `{ data, shape, dtype }` of row-major elements in the dtype's typed array.
   * A view stays the same view. Checked as `fromJSON` is, and the strides and offset must stay
   * inside `data`; `expected` likewise.
   *
   * @example
   * worker.onmessage = (event) => { const x = Tensor.from(event.data, { shape: [2, 3] }); };
   */
  static from<const S extends Shape = number[], D extends DType = DType, const ES extends Shape = S, ED extends DType = D>(
    value: TensorLike<S, D>,
    expected?: TensorExpectation<ES, ED>,
  ): Tensor<KnownShape<ES>, KnownDType<ED>> {
    // a tensor that was disposed, or whose buffer went to another thread, is refused as every op refuses
    // it; one an export traces too: a tensor over its elements would carry the example's values out
    if (value instanceof Tensor) {
      checkReadOut("Tensor.from(x)", value);
      assertAttached("Tensor.from", "value", value);
    }
    return fromParts(partsFromClone(value, expected)) as Tensor<KnownShape<ES>, KnownDType<ED>>;
  }

  /** NumPy-style text with the shape and dtype always shown; large tensors are summarised. */
  toString(): string {
    // (a tensor an export is tracing prints no values: they are the example's, not the graph's)
    const hidden = this.isDisposed ? "<disposed>" : readGuard?.follows(this) === true ? "<traced>" : undefined;
    return hidden !== undefined ? `tensor(${hidden}, shape=[${this.shape.join(", ")}], dtype=${this.dtype})` : formatTensor(inPlace(this));
  }

  [inspectSymbol](): string {
    return this.toString();
  }

  /** @internal */
  read(position: number): number | boolean {
    const value = elementsOf(this)[position]!;
    return this.dtype === "bool" ? value !== 0 : value;
  }
}

/**
 * A `TypeError` when `t` was disposed, or its buffer was transferred away (`postMessage(t,
 * [t.data.buffer])`): its typed array is then empty, and reading it would give `undefined` and
 * NaN. @internal
 */
export function assertAttached(op: string, name: string, t: Tensor): void {
  if (elementsOf(t).length === 0 && t.size > 0) {
    if (t.isDisposed) {
      throw new TypeError(
        `${op}: ${name} was disposed (by dispose() or a tidy() scope); it holds none of its ${t.size} elements. Use it before disposing it, or return it from the tidy callback to keep it`,
      );
    }
    throw new TypeError(`${op}: ${name}'s buffer is detached (transferred to another thread?); it holds none of its ${t.size} elements`);
  }
}

// x.add(y), x.exp(), ... (src/ops/methods.ts): each calls the op of its name as the program holds it
installMethods(Tensor.prototype);

/**
 * `t`'s buffer as the engine reads it, without moving it out of WebAssembly memory: a view of
 * the engine's memory stays valid only while `t` (or a view of it) is reachable. @internal
 */
export const elementsOf = <D extends DType>(t: Tensor<Shape, D>): StorageOf[D] => {
  const r = Tensor.residentOf(t);
  if (r !== undefined) return r.array as StorageOf[D];
  // (while an export traces, `data` of a tensor it follows is a guarded read-out; the ops read past it)
  return (readGuard === undefined ? t.data : (guarded.get(t) ?? t.data)) as StorageOf[D];
};

// ---------------------------------------------------------------------------
// Value read-outs while an export traces a function (src/onnx/trace.ts)
// ---------------------------------------------------------------------------

/** What a trace guards: the tensors it follows, and the function that traces (`exportOnnx`). */
export interface ReadGuard {
  readonly op: string;
  follows(t: Tensor): boolean;
}

let readGuard: ReadGuard | undefined;
/** The elements of each tensor whose `data` a trace guards, and its `data` property before. */
const guarded = new WeakMap<Tensor, StorageOf[DType]>();
const before = new Map<Tensor, PropertyDescriptor>();

/**
 * A `TypeError` when an export is tracing and `t` is computed from the function's inputs: a value
 * read out of it (`readOut` names how) would be the example's, baked into the graph as a constant,
 * a branch taken or a loop count. @internal
 */
export function checkReadOut(readOut: string, t: Tensor): void {
  if (readGuard === undefined || !readGuard.follows(t)) return;
  throw new TypeError(
    `${readGuard.op}: ${readOut} reads the values of a tensor computed from the function's inputs while the function is traced; an exported graph is one sequence of ops for every input, so a value read here would be baked in as this example's (a branch taken, a loop count, a number passed on). Compute it with ops instead (for a branch on a value, where(greater(m, 1), div(x, m), x)), or read values outside the exported function`,
  );
}

/** Starts guarding (`guard`) or stops (undefined): every tensor guarded gets its `data` property back. @internal */
export function guardReadOuts(guard: ReadGuard | undefined): void {
  readGuard = guard;
  if (guard !== undefined) return;
  for (const [t, descriptor] of before) {
    Object.defineProperty(t, "data", "value" in descriptor ? { ...descriptor, value: guarded.get(t) } : descriptor);
    guarded.delete(t);
  }
  before.clear();
}

/** Makes `t.data` a read-out the guard refuses (the ops read the elements through `elementsOf`). @internal */
export function guardData(t: Tensor): void {
  if (before.has(t)) return;
  const descriptor = Object.getOwnPropertyDescriptor(t, "data")!;
  before.set(t, descriptor);
  if ("value" in descriptor) guarded.set(t, descriptor.value as StorageOf[DType]);
  Object.defineProperty(t, "data", {
    get(this: Tensor): unknown {
      checkReadOut("x.data", this);
      return descriptor.get !== undefined ? descriptor.get.call(this) : guarded.get(this);
    },
    // dispose() empties `data`
    set(this: Tensor, value: StorageOf[DType]): void {
      guarded.set(this, value);
    },
    enumerable: true,
    configurable: true,
  });
}

/**
 * A contiguous row-major copy of `t`'s elements in a new typed array of its dtype, for `op` (which
 * a failed allocation names): what `toTypedArray()` gives, for the ops that copy. @internal
 */
export function copyElements<D extends DType>(op: string, t: Tensor<Shape, D>): StorageOf[D] {
  const data = elementsOf(t);
  const Ctor = data.constructor as (new (length: number) => StorageOf[D]) & { readonly BYTES_PER_ELEMENT: number };
  const out = allocateArray(op, Ctor, t.size);
  if (t.isContiguous) {
    out.set(data.subarray(t.offset, t.offset + t.size) as never);
    return out;
  }
  let k = 0;
  const visit = (axis: number, position: number): void => {
    if (axis === t.shape.length) {
      out[k++] = data[position]!;
      return;
    }
    for (let i = 0; i < t.shape[axis]!; i++) visit(axis + 1, position + i * t.strides[axis]!);
  };
  if (t.size > 0) visit(0, t.offset);
  return out;
}

/** `t`'s elements, strides and offset as the kernels read them (without `data`, a read-out). @internal */
export const viewOf = (t: Tensor): { readonly data: StorageOf[DType]; readonly shape: readonly number[]; readonly strides: readonly number[]; readonly offset: number } => ({
  data: elementsOf(t),
  shape: t.shape,
  strides: t.strides,
  offset: t.offset,
});

/** `t` with `data` read as the engine reads it (printing and writing files leave its elements where they are). @internal */
export const inPlace = (t: Tensor): Tensor =>
  Tensor.residentOf(t) === undefined
    ? t
    : ({ data: elementsOf(t), shape: t.shape, strides: t.strides, offset: t.offset, dtype: t.dtype, size: t.size, isContiguous: t.isContiguous } as unknown as Tensor);

/** What a view of `t` is made over: its memory block when it has one, else its buffer. @internal */
export const storageOf = <D extends DType>(t: Tensor<Shape, D>): StorageOf[D] | Resident => Tensor.residentOf(t) ?? elementsOf(t);

/** `t`'s elements in row-major order: its own buffer when contiguous (not copied, so read only), else a contiguous copy. */
export const rowMajorElements = <D extends DType>(op: string, t: Tensor<Shape, D>): StorageOf[D] =>
  (t.isContiguous ? elementsOf(t).subarray(t.offset, t.offset + t.size) : copyElements(op, t)) as StorageOf[D];

/** A new contiguous tensor over `data` (not copied). @internal */
export function fromStorage<S extends Shape, D extends DType>(data: StorageOf[D] | Resident, shape: S, dtype: D): Tensor<S, D> {
  return new Tensor(data, shape, contiguousStrides(shape), 0, dtype);
}

/** A tensor of parts `Tensor.fromJSON` and `Tensor.from` have checked. */
function fromParts(parts: TensorParts): Tensor {
  return new Tensor(parts.data, parts.shape, parts.strides, parts.offset, parts.dtype);
}

/**
 * A compile error unless the class above declares every method the op catalog
 * names, with the catalog's type (test/catalog.test.ts checks they are installed).
 */
type DeclaresEveryMethod<Declared extends TensorMethods = Pick<Tensor, keyof TensorMethods>> = Declared;
