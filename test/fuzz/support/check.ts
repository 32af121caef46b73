/**
 * Checks used by every fuzz property: a tensor against a model (read only
 * through the public read-outs), value comparison (bitwise, NaN equal to NaN,
 * tolerances only where named), and the error contract (class, op-name prefix,
 * no engine error).
 */
import { ShapeError, Tensor } from "shapecast";
import { type DType, storageName } from "./dtypes.js";
import { type Model, multiIndex, sizeOf } from "./model.js";

/** A failed fuzz check; its message is the counterexample's explanation. */
export class Mismatch extends Error {
  override name = "Mismatch";
}

export const fail = (message: string): never => {
  throw new Mismatch(message);
};

/** A number as code writes it: NaN, Infinity, -0. */
export function show(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(show).join(", ")}]`;
  if (value instanceof Tensor) return `<Tensor ${value.dtype} [${value.shape.join(", ")}]>`;
  if (value === null || value === undefined || typeof value !== "object") return String(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${show(v)}`);
  return `{ ${entries.join(", ")} }`;
}

/** How two numbers are compared. */
export type Tolerance =
  | "exact" // Object.is: bitwise for our purposes, NaN equals NaN, -0 differs from 0
  | "zero" // exact, except that -0 equals 0
  | "any" // anything (a float result the order of additions decides: overflow in one order, not in another)
  | { readonly rel?: number; readonly abs?: number; readonly ulps32?: number };

const ULP32 = (x: number): number => {
  const a = Math.abs(x);
  if (a < 2 ** -126) return 2 ** -149;
  return 2 ** (Math.floor(Math.log2(a)) - 23);
};

/** Is `got` close enough to `want`? Non-finite values (and NaN) must match exactly. */
export function sameNumber(got: number, want: number, tolerance: Tolerance): boolean {
  if (Object.is(got, want) || tolerance === "any") return true;
  if (tolerance === "exact") return false;
  if (got === 0 && want === 0) return true;
  if (tolerance === "zero") return false;
  if (Number.isNaN(got) || Number.isNaN(want) || !Number.isFinite(got) || !Number.isFinite(want)) return false;
  const diff = Math.abs(got - want);
  const allowed = Math.max(
    (tolerance.rel ?? 0) * Math.abs(want),
    tolerance.abs ?? 0,
    (tolerance.ulps32 ?? 0) * ULP32(want),
  );
  return diff <= allowed;
}

/** toArray() flattened row-major, checking the nesting follows `shape`. */
function flattenNested(data: unknown, shape: readonly number[], where: string): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown, axis: number, path: string): void => {
    if (axis === shape.length) {
      out.push(value);
      return;
    }
    if (!Array.isArray(value) || value.length !== shape[axis]) {
      fail(`${where}: toArray()${path} should be an array of ${shape[axis]}, got ${show(value)}`);
    }
    (value as unknown[]).forEach((item, i) => walk(item, axis + 1, `${path}[${i}]`));
  };
  walk(data, 0, "");
  return out;
}

/** The stored number an element read-out stands for; checks booleans for bool and numbers otherwise. */
function storedOf(dtype: DType, element: unknown, where: string): number {
  if (dtype === "bool") {
    if (typeof element !== "boolean") fail(`${where}: a bool element should read as a boolean, got ${show(element)}`);
    return element ? 1 : 0;
  }
  if (typeof element !== "number") fail(`${where}: a ${dtype} element should read as a number, got ${show(element)}`);
  return element as number;
}

/** The elements of a tensor, row-major, through toArray() (stored numbers: bool as 0/1). */
export function valuesOf(t: Tensor, where = "tensor"): number[] {
  const dtype = t.dtype as DType;
  return flattenNested(t.toArray(), t.shape, where).map((e, i) => storedOf(dtype, e, `${where} element ${i}`));
}

export interface ExpectOptions {
  readonly tolerance?: Tolerance | ((index: number) => Tolerance);
  /** Also read elements through get() at a few indices (negative ones too), toTypedArray() and item(). */
  readonly readOuts?: boolean;
  /** Also compare toTypedArray() (the stored numbers: a bool holds only 0 and 1). */
  readonly typed?: boolean;
}

/** The tensor has the model's shape, dtype and elements. `what` is the call, for the message. */
export function expectModel(t: unknown, want: Model, what: string, options: ExpectOptions = {}): void {
  if (!(t instanceof Tensor)) fail(`${what}\n  should give a Tensor, got ${show(t)}`);
  const tensor = t as Tensor;
  const head = `${what}\n  expected dtype ${want.dtype} shape [${want.shape.join(", ")}]`;
  if (tensor.dtype !== want.dtype) fail(`${head}\n  got dtype ${tensor.dtype} (shape [${tensor.shape.join(", ")}])`);
  if (tensor.shape.length !== want.shape.length || tensor.shape.some((d, i) => d !== want.shape[i])) {
    fail(`${head}\n  got shape [${tensor.shape.join(", ")}]`);
  }
  if (tensor.size !== sizeOf(want.shape)) fail(`${head}\n  got size ${tensor.size}`);
  if (tensor.rank !== want.shape.length) fail(`${head}\n  got rank ${tensor.rank}`);
  const got = valuesOf(tensor, what);
  const tol = options.tolerance ?? "exact";
  for (let i = 0; i < got.length; i++) {
    const tolerance = typeof tol === "function" ? tol(i) : tol;
    if (!sameNumber(got[i]!, want.values[i]!, tolerance)) {
      const index = multiIndex(want.shape, i);
      fail(`${head}\n  at [${index.join(", ")}]: expected ${show(want.values[i])}, got ${show(got[i])}` +
        `\n  expected ${show(want.values)}\n  got      ${show(got)}`);
    }
  }
  if (options.readOuts) checkReadOuts(tensor, want, what);
  else if (options.typed) {
    const typed = tensor.toTypedArray();
    if (typed.constructor.name !== storageName(want.dtype)) fail(`${head}\n  toTypedArray() gave a ${typed.constructor.name}`);
    for (let i = 0; i < typed.length; i++) {
      const tolerance = typeof tol === "function" ? tol(i) : tol;
      if (!sameNumber(typed[i]!, want.values[i]!, tolerance)) {
        fail(`${head}\n  toTypedArray()[${i}]: expected ${show(want.values[i])}, got ${show(typed[i])} (toArray() gave ${show(got[i])})`);
      }
    }
  }
}

/** An empty tensor prints as NumPy does: `tensor([], shape=[2, 0], dtype=float32)`. */
export function checkEmptyString(t: Tensor, want: Model, what: string): void {
  const text = String(t);
  const wantText = `tensor([], shape=[${want.shape.join(", ")}], dtype=${want.dtype})`;
  if (text !== wantText) fail(`${what}\nString(${what.split("\n").at(-1)!.replace(/^const (\w+) = .*$/, "$1")}): expected ${show(wantText)}, got ${show(text)}`);
}

/** get() at every index (up to 64, with negative forms), toTypedArray() and item(), against the model. */
export function checkReadOuts(t: Tensor, want: Model, what: string): void {
  const rank = want.shape.length;
  const size = want.values.length;
  const step = Math.max(1, Math.floor(size / 64));
  for (let flat = 0; flat < size; flat += step) {
    const index = multiIndex(want.shape, flat);
    // every other sample counts some axes from the end
    const asked = index.map((i, axis) => ((flat + axis) % 2 === 1 ? i - want.shape[axis]! : i));
    const got = storedOf(want.dtype, t.get(...asked), `${what}.get(${asked.join(", ")})`);
    if (!Object.is(got, want.values[flat])) fail(`${what}.get(${asked.join(", ")}): expected ${show(want.values[flat])}, got ${show(got)}`);
  }
  const typed = t.toTypedArray();
  if (typed.constructor.name !== storageName(want.dtype)) fail(`${what}.toTypedArray(): expected a ${storageName(want.dtype)}, got ${typed.constructor.name}`);
  if (typed.length !== size) fail(`${what}.toTypedArray(): expected ${size} elements, got ${typed.length}`);
  for (let i = 0; i < size; i++) {
    if (!Object.is(typed[i], want.values[i])) fail(`${what}.toTypedArray()[${i}]: expected ${show(want.values[i])}, got ${show(typed[i])}`);
  }
  // a copy: writing to it does not reach the tensor
  if (size > 0) {
    const before = t.get(...multiIndex(want.shape, 0));
    typed[0] = typed[0] === 1 ? 0 : 1;
    if (!Object.is(t.get(...multiIndex(want.shape, 0)), before)) fail(`${what}.toTypedArray() shares its buffer with the tensor`);
  }
  if (size === 1) {
    const item = storedOf(want.dtype, t.item(), `${what}.item()`);
    if (!Object.is(item, want.values[0])) fail(`${what}.item(): expected ${show(want.values[0])}, got ${show(item)}`);
  }
  if (rank === 0 && size === 1) {
    const got = storedOf(want.dtype, t.get(), `${what}.get()`);
    if (!Object.is(got, want.values[0])) fail(`${what}.get(): expected ${show(want.values[0])}, got ${show(got)}`);
  }
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

export type ErrorClass = "TypeError" | "RangeError" | "ShapeError";

const ENGINE_MESSAGES = [
  "Invalid array length",
  "Invalid typed array length",
  "Maximum call stack size exceeded",
  "Array buffer allocation failed",
  "out of memory",
  "is not a function",
  "Cannot read properties",
  "is not iterable",
  "Cannot convert",
];

const classOf = (error: unknown): string =>
  error instanceof ShapeError ? "ShapeError"
  : error instanceof TypeError ? "TypeError"
  : error instanceof RangeError ? "RangeError"
  : error instanceof Error ? error.constructor.name
  : typeof error;

/** The message must start with the op name and a colon; broadcast messages are `op (mode): ...`. */
export const prefixOk = (message: string, op: string): boolean =>
  message.startsWith(`${op}: `) || new RegExp(`^${op} \\([a-z]+\\): `).test(message);

/**
 * Runs `call`, which must throw one of `classes` (any of them when several
 * are listed, for cases the contract leaves open) whose message starts with
 * `op:`, and which is not an engine error.
 */
export function expectError(call: () => unknown, classes: ErrorClass | readonly ErrorClass[], op: string, what: string): Error {
  const allowed = typeof classes === "string" ? [classes] : classes;
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    const name = classOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (!allowed.includes(name as ErrorClass)) {
      fail(`${what}\n  expected a ${allowed.join(" or ")}, got ${name}: ${message}`);
    }
    if (ENGINE_MESSAGES.some((m) => message.includes(m))) fail(`${what}\n  an engine error escaped: ${name}: ${message}`);
    if (!prefixOk(message, op)) fail(`${what}\n  the message should start with "${op}:", got ${show(message)}`);
    return error as Error;
  }
  return fail(`${what}\n  expected a ${allowed.join(" or ")}, but it returned ${show(result)}`);
}

/** Runs `call`; an exception is reported as a counterexample (with its class), not swallowed. */
export function expectNoError<T>(call: () => T, what: string): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof Mismatch) throw error;
    const name = classOf(error);
    const message = error instanceof Error ? error.message : String(error);
    return fail(`${what}\n  expected a result, got ${name}: ${message}`);
  }
}

/** Snapshots of tensors' elements (through toArray), to prove which ones an op left alone. */
export function snapshot(tensors: readonly Tensor[]): number[][] {
  return tensors.map((t) => valuesOf(t, "snapshot"));
}

export function expectUnchanged(tensors: readonly Tensor[], before: readonly number[][], what: string, names?: readonly string[]): void {
  tensors.forEach((t, k) => {
    const now = valuesOf(t, "snapshot");
    const then = before[k]!;
    for (let i = 0; i < now.length; i++) {
      if (!Object.is(now[i], then[i])) {
        fail(`${what}\n  ${names?.[k] ?? `input ${k}`} changed at element ${i}: was ${show(then[i])}, now ${show(now[i])}`);
      }
    }
  });
}
