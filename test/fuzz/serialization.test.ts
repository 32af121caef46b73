/**
 * Fuzz: the JSON form and structured clones, forged and hostile. Random views (bases filled with
 * random bytes) come back bit for bit through JSON and through structuredClone (with and without
 * the buffer transferred); a JSON form with one field forged, or its text cut, is refused with
 * Tensor.fromJSON's own error or read as exactly the canonical form it still is; a clone-like
 * object of any data, shape, strides (any integer on a size-1 axis), offset and size is refused
 * with Tensor.from's own error or read as exactly the elements its fields name, by every read-out
 * and writer; and with Object.prototype given hostile fields, every reader reads its arguments'
 * own fields only.
 */
import fc from "fast-check";
import { fromNpy, loadSafetensors, saveSafetensors, Tensor, toNpy } from "shapecast";
import { describe } from "vitest";
import { chainArb } from "./support/arbs.js";
import { byteDifference, bytesOf, randomBytes, randomizeBase, WIDTH } from "./support/bytes.js";
import { buildChain } from "./support/chain.js";
import { expectError, expectNoError, fail, show } from "./support/check.js";
import { DTYPES, type DType, storageName } from "./support/dtypes.js";
import { fuzz } from "./support/run.js";

const CONSTRUCTORS: Record<string, new (buffer: ArrayBuffer, offset?: number, length?: number) => ArrayBufferView & ArrayLike<number>> = {
  Float32Array,
  Float64Array,
  Int32Array,
  Uint8Array,
  Int16Array,
  Uint8ClampedArray,
};

/** The row-major elements a view of `data` reads by `shape`, `strides` and `offset`, or undefined when one falls outside. */
function readByStrides(data: ArrayLike<number>, shape: readonly number[], strides: readonly number[], offset: number): number[] | undefined {
  const size = shape.reduce((p, d) => p * d, 1);
  const out: number[] = [];
  for (let k = 0; k < size; k++) {
    let rest = k;
    let position = offset;
    for (let axis = shape.length - 1; axis >= 0; axis--) {
      position += (rest % shape[axis]!) * strides[axis]!;
      rest = Math.floor(rest / shape[axis]!);
    }
    if (!(position >= 0 && position < data.length)) return undefined;
    out.push(data[position]!);
  }
  return out;
}

describe("fuzz: serialization", () => {
  fuzz("serialization/round-trip", fc.tuple(chainArb({ maxSteps: 4 }), fc.nat(), fc.boolean()), ([desc, seed, transfer]) => {
    const x = buildChain(desc, false);
    const want = randomizeBase(x, seed);
    const code = `${x.lines.join("\n")}\n// ${x.name}'s base filled with random bytes (seed ${seed})`;
    const text = expectNoError(() => JSON.stringify(x.t), `${code}\nJSON.stringify(${x.name})`);
    const back = expectNoError(() => Tensor.fromJSON(text), `${code}\nTensor.fromJSON(JSON.stringify(${x.name}))`);
    const difference = byteDifference(bytesOf(back), want);
    if (difference !== undefined || show(back.shape) !== show(x.t.shape) || back.dtype !== x.t.dtype) fail(`${code}\nTensor.fromJSON(JSON.stringify(${x.name})): ${difference ?? `${back.dtype} ${show(back.shape)}`}`);
    if (JSON.stringify(back) !== text) fail(`${code}\nthe JSON text of the tensor read back differs: not canonical`);
    // a clone keeps the view (strides, offset) over the whole buffer, or over the buffer moved
    const clone = expectNoError(() => (transfer ? structuredClone(x.t, { transfer: [x.t.data.buffer as ArrayBuffer] }) : structuredClone(x.t)), `${code}\nstructuredClone(${x.name})`);
    const from = expectNoError(() => Tensor.from(clone as never), `${code}\nTensor.from(structuredClone(${x.name}${transfer ? ", { transfer }" : ""}))`);
    const cloned = byteDifference(bytesOf(from), want);
    if (cloned !== undefined || show([from.shape, from.strides, from.offset]) !== show([x.t.shape, x.t.strides, x.t.offset])) {
      fail(`${code}\nTensor.from(structuredClone(${x.name})): ${cloned ?? `shape ${show(from.shape)} strides ${show(from.strides)} offset ${from.offset}`}`);
    }
    if (transfer && x.t.size > 0) expectError(() => JSON.stringify(x.t), "TypeError", "toJSON", `${code}\nJSON.stringify(${x.name}) after its buffer was transferred`);
  });

  fuzz("serialization/json-forged", fc.tuple(chainArb({ maxSteps: 2 }), fc.nat(), jsonMutationArb, fc.boolean()), ([desc, seed, mutation, asText]) => {
    const x = buildChain(desc, false);
    randomizeBase(x, seed);
    const form = JSON.parse(JSON.stringify(x.t)) as Record<string, unknown>;
    const forged = mutateForm(form, mutation);
    const input = asText ? (typeof forged === "string" ? forged : JSON.stringify(forged)) : forged;
    const what = `${x.lines.join("\n")}\nTensor.fromJSON(${asText ? "the text of " : ""}${show(forged)})`;
    let t: Tensor;
    try {
      t = Tensor.fromJSON(input as never);
    } catch {
      expectError(() => Tensor.fromJSON(input as never), ["TypeError", "RangeError", "ShapeError", "SyntaxError" as never], "Tensor.fromJSON", what);
      return;
    }
    // read: then the form was a canonical one, and the tensor writes exactly it
    const object = typeof forged === "string" ? (JSON.parse(forged) as Record<string, unknown>) : forged;
    const canonical = JSON.stringify({ format: object["format"], version: object["version"], shape: object["shape"], dtype: object["dtype"], data: object["data"] });
    if (JSON.stringify(t) !== canonical) fail(`${what}\n  read as ${JSON.stringify(t)}\n  but the form is ${canonical}`);
  });

  fuzz("serialization/clone-forged", cloneArb, (c) => {
    const Ctor = CONSTRUCTORS[c.storage]!;
    const data = new Ctor(randomBytes("uint8", c.length * (Ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT, c.seed).buffer as ArrayBuffer);
    if (c.dtype === "bool") for (let i = 0; i < data.length; i++) (data as unknown as number[])[i] = (data[i]! & 1) * (c.badBool === i ? 2 : 1);
    const value = { data, shape: c.shape, dtype: c.dtype, ...(c.strides === undefined ? {} : { strides: c.strides }), ...(c.offset === undefined ? {} : { offset: c.offset }), ...(c.size === undefined ? {} : { size: c.size }) };
    const what = `Tensor.from({ data: new ${c.storage}(${data.length}) (random bytes, seed ${c.seed}), shape: ${show(c.shape)}, dtype: ${show(c.dtype)}, strides: ${show(c.strides)}, offset: ${show(c.offset)}, size: ${show(c.size)} })`;
    let t: Tensor;
    try {
      t = Tensor.from(value as never);
    } catch {
      expectError(() => Tensor.from(value as never), ["TypeError", "RangeError"], "Tensor.from", what);
      return;
    }
    // read: every field was right, every element is inside data, and every read-out and writer gives those elements
    const size = c.shape.reduce((p, d) => p * d, 1);
    const strides = c.strides ?? c.shape.map((_, axis) => c.shape.slice(axis + 1).reduce((p, d) => p * d, 1));
    const want = readByStrides(data, c.shape, strides, c.offset ?? 0);
    if (storageName(c.dtype) !== c.storage) fail(`${what}\n  read a ${c.storage} as ${c.dtype}`);
    if (c.size !== undefined && c.size !== size) fail(`${what}\n  read though size is ${c.size} and the shape holds ${size}`);
    if (want === undefined) fail(`${what}\n  read though an element lies outside data`);
    if (c.strides === undefined && c.offset === undefined && data.length !== size) fail(`${what}\n  read ${data.length} elements as a shape of ${size}`);
    const wantBytes = new Uint8Array(want!.length * WIDTH[c.dtype]);
    const view = new DataView(wantBytes.buffer);
    want!.forEach((v, i) => {
      const at = i * WIDTH[c.dtype];
      if (c.dtype === "float32") view.setFloat32(at, v, true);
      else if (c.dtype === "float64") view.setFloat64(at, v, true);
      else if (c.dtype === "int32") view.setInt32(at, v, true);
      else view.setUint8(at, v);
    });
    // float elements are compared through their bits where the writers copy bits; through numbers here
    const writers: [string, () => Tensor][] = [
      ["JSON", () => Tensor.fromJSON(JSON.stringify(t))],
      ["toNpy", () => fromNpy(toNpy(t))],
      ["saveSafetensors", () => loadSafetensors(saveSafetensors({ t }))["t"]!],
      ["a copy", () => t.clone()],
    ];
    for (const [how, through] of writers) {
      const got = Array.from(expectNoError(through, `${what}\nthrough ${how}`).toTypedArray() as ArrayLike<number>);
      const expected = Array.from(new (CONSTRUCTORS[storageName(c.dtype)]!)(wantBytes.slice().buffer as ArrayBuffer));
      if (got.length !== expected.length || got.some((v, i) => !Object.is(v, expected[i]))) fail(`${what}\n  through ${how}: ${show(got)}\n  expected ${show(expected)}`);
    }
    const bits = byteDifference(bytesOfJSON(t), wantBytes);
    if (c.dtype !== "float32" && c.dtype !== "float64" && bits !== undefined) fail(`${what}\n  JSON's bytes: ${bits}`);
  });

  fuzz("serialization/polluted", fc.tuple(chainArb({ maxSteps: 2 }), fc.nat(), pollutionArb), ([desc, seed, pollution]) => {
    const x = buildChain(desc, false);
    const want = randomizeBase(x, seed);
    const what = `${x.lines.join("\n")}\nObject.assign(Object.prototype, ${show(pollution)})`;
    const polluted = Object.prototype as Record<string, unknown>;
    // (the elements' bytes as they are: toTypedArray() copies through numbers, which may quiet a signaling NaN)
    const bytes = bytesOf(x.t);
    const plain = { data: x.t.dtype === "float32" ? new Float32Array(bytes.buffer) : x.t.dtype === "float64" ? new Float64Array(bytes.buffer) : x.t.dtype === "int32" ? new Int32Array(bytes.buffer) : bytes, shape: [...x.t.shape], dtype: x.t.dtype };
    const text = JSON.stringify(x.t);
    const npy = toNpy(x.t);
    const file = saveSafetensors({ w: x.t });
    Object.assign(polluted, pollution);
    let results: [string, Tensor][];
    try {
      results = [
        ["Tensor.from(plain)", Tensor.from(plain)],
        ["Tensor.fromJSON(text, {})", Tensor.fromJSON(text, {})],
        ["fromNpy(bytes, {})", fromNpy(npy, {})],
        ["loadSafetensors(bytes, { w: { shape } })", loadSafetensors(file, { w: { shape: x.t.shape } })["w"]!],
      ];
    } catch (error) {
      return fail(`${what}\n  threw ${(error as Error).message}`);
    } finally {
      for (const key of Object.keys(pollution)) delete polluted[key];
    }
    for (const [how, t] of results) {
      const difference = byteDifference(bytesOf(t), want);
      if (difference !== undefined || show(t.shape) !== show(x.t.shape)) fail(`${what}\n  ${how}: ${difference ?? show(t.shape)}`);
    }
  });
});

/** The bytes of `t`'s JSON form's data. */
function bytesOfJSON(t: Tensor): Uint8Array {
  const form = JSON.parse(JSON.stringify(t)) as { data: string };
  return Uint8Array.from(atob(form.data), (c) => c.charCodeAt(0));
}

// ---------------------------------------------------------------------------
// Forged JSON forms
// ---------------------------------------------------------------------------

type JsonMutation =
  | { readonly kind: "set"; readonly field: string; readonly value: unknown }
  | { readonly kind: "delete"; readonly field: string }
  | { readonly kind: "character"; readonly at: number; readonly char: string }
  | { readonly kind: "cut"; readonly fraction: number }
  | { readonly kind: "none" };

const FIELDS = ["format", "version", "shape", "dtype", "data", "extra", "__proto__", "strides"];

const jsonMutationArb: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    field: fc.constantFrom(...FIELDS),
    value: fc.oneof(
      fc.constantFrom("shapecast.tensor", 1, 2, 0, "1", "float32", "float64", "int32", "uint8", "bool", "int64", "", "AAAA", "AA==", "AB==", "====", null, -1, 2 ** 31, 0.5),
      fc.array(fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom(0.5, 2 ** 53, Number.NaN)), { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }),
  fc.record({ kind: fc.constant("delete" as const), field: fc.constantFrom(...FIELDS) }),
  fc.record({ kind: fc.constant("character" as const), at: fc.nat(), char: fc.constantFrom("A", "/", "+", "=", "-", "_", " ", "é", "\u0000") }),
  fc.record({ kind: fc.constant("cut" as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({ kind: "none" as const }),
);

function mutateForm(form: Record<string, unknown>, m: JsonMutation): Record<string, unknown> | string {
  const out: Record<string, unknown> = { ...form };
  if (m.kind === "set") Object.defineProperty(out, m.field, { value: m.value, enumerable: true, writable: true, configurable: true });
  else if (m.kind === "delete") delete out[m.field];
  else if (m.kind === "character") {
    const data = String(out["data"]);
    if (data.length > 0) out["data"] = data.slice(0, m.at % data.length) + m.char + data.slice((m.at % data.length) + 1);
  } else if (m.kind === "cut") {
    const text = JSON.stringify(out);
    return text.slice(0, Math.floor(m.fraction * (text.length - 1)));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Forged clones
// ---------------------------------------------------------------------------

interface CloneCase {
  readonly storage: string;
  readonly dtype: DType;
  readonly length: number;
  readonly seed: number;
  readonly shape: number[];
  readonly strides: number[] | undefined;
  readonly offset: number | undefined;
  readonly size: number | undefined;
  readonly badBool: number;
}

/** A size-1 axis's stride may be anything: the values that lose a position summed past 2^53 among them. */
const unitStrideArb = fc.oneof(fc.integer({ min: -6, max: 6 }), fc.constantFrom(2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 52, -(2 ** 52), 2 ** 31));

/** Mostly a clone that reads inside its data (strides of any sign, 0 to broadcast, anything on a size-1 axis), sometimes one field off. */
const cloneArb: fc.Arbitrary<CloneCase> = fc
  .record({
    dtype: fc.constantFrom(...DTYPES),
    shape: fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(1), fc.constant(1)), { maxLength: 5 }),
    strides: fc.array(fc.tuple(fc.integer({ min: -4, max: 4 }), unitStrideArb), { minLength: 5, maxLength: 5 }),
    given: fc.constantFrom("strides", "strides", "strides", "plain"),
    extra: fc.integer({ min: 0, max: 3 }),
    seed: fc.nat(),
    flaw: fc.constantFrom("none", "none", "none", "none", "offset", "length", "class", "size", "bool", "fraction", "rank", "huge"),
  })
  .map((c): CloneCase => {
    const strides = c.shape.map((d, axis) => (d === 1 ? c.strides[axis]![1] : c.strides[axis]![0]));
    let first = 0;
    let last = 0;
    c.shape.forEach((d, axis) => {
      const span = d === 0 ? 0 : (d - 1) * strides[axis]!;
      if (span < 0) first += span;
      else last += span;
    });
    const size = c.shape.reduce((p, d) => p * d, 1);
    const plain = c.given === "plain";
    let length = plain ? size : last - first + 1 + c.extra;
    let offset: number | undefined = plain ? undefined : -first;
    let given: number[] | undefined = plain ? undefined : strides;
    let storage = storageName(c.dtype);
    let sizeField: number | undefined;
    let badBool = -1;
    if (c.flaw === "offset") offset = (offset ?? 0) + (c.seed % 2 === 0 ? c.extra + 1 : -1);
    else if (c.flaw === "length") length = Math.max(0, length - 1 - c.extra);
    else if (c.flaw === "class") storage = ["Float32Array", "Int16Array", "Uint8ClampedArray", "Float64Array"][c.seed % 4]!;
    else if (c.flaw === "size") sizeField = size + 1 + c.extra;
    else if (c.flaw === "bool") badBool = c.seed % Math.max(1, length);
    else if (c.flaw === "fraction") given = given?.map((s, i) => (i === 0 ? s + 0.5 : s));
    else if (c.flaw === "rank") given = [...(given ?? strides), 1];
    else if (c.flaw === "huge") given = given?.map((s, i) => (i === 0 ? 2 ** 53 : s));
    return { storage, dtype: c.dtype, length, seed: c.seed, shape: c.shape, strides: given, offset, size: sizeField ?? (c.seed % 3 === 0 ? size : undefined), badBool };
  });

// ---------------------------------------------------------------------------
// Object.prototype given fields the readers would misread
// ---------------------------------------------------------------------------

const pollutionArb: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.constantFrom("strides", "offset", "shape", "dtype", "size", "format", "version", "data", "metadata", "compress", "expected"),
  fc.constantFrom([0], [1, 1], 1, 5, -1, "float64", "int32", [2], 7, "AAAA", true, { a: "b" }),
  { minKeys: 1, maxKeys: 4 },
);
