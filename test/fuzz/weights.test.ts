/**
 * Fuzz: the weights files as a hostile or careless user meets them. Random records of random
 * views (every dtype, bases filled with random bytes: NaN payloads, subnormals, every bit
 * pattern), under names Object.prototype also has, go through every writer and reader and come
 * back bit for bit; files mutated in their headers and bytes, or cut anywhere, are refused with
 * the reader's own error (its class, its name first, no engine error) or read as what their
 * header says, never as other elements. The files NumPy and the safetensors package wrote are
 * compared byte for byte in weights-python.test.ts (Node: it reads them from disk).
 */
import fc from "fast-check";
import { fromNpy, loadSafetensors, readSafetensorsHeader, saveSafetensors, type Tensor, toNpy } from "shapecast";
import { fromNpz, toNpz } from "shapecast/npz";
import { describe } from "vitest";
import { type ChainDesc, chainArb } from "./support/arbs.js";
import { byteDifference, bytesOf, randomizeBase } from "./support/bytes.js";
import { buildChain } from "./support/chain.js";
import { expectError, expectNoError, fail, show } from "./support/check.js";
import type { DType } from "./support/dtypes.js";
import { fuzz } from "./support/run.js";

/** Names a file may hold: Object.prototype's own among them, and any text. */
export const nameArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "then", "0", "10", "fc1.weight", "é", " "),
  fc.string({ minLength: 1, maxLength: 8 }),
);

interface RecordCase {
  readonly entries: readonly { readonly name: string; readonly desc: ChainDesc; readonly seed: number }[];
}

const recordArb: fc.Arbitrary<RecordCase> = fc.record({
  entries: fc.uniqueArray(fc.record({ name: nameArb, desc: chainArb({ maxSteps: 3 }), seed: fc.nat() }), { maxLength: 4, selector: (e) => e.name }),
});

/** The record's tensors (own properties, whatever the name) and the bytes each must come back with. */
function buildRecord(c: RecordCase): { record: Record<string, Tensor>; want: Map<string, { t: Tensor; bytes: Uint8Array }>; code: string } {
  const record: Record<string, Tensor> = {};
  const want = new Map<string, { t: Tensor; bytes: Uint8Array }>();
  const lines: string[] = [];
  c.entries.forEach(({ name, desc, seed }, i) => {
    const x = buildChain(desc, false, `t${i}_`);
    const bytes = randomizeBase(x, seed);
    Object.defineProperty(record, name, { value: x.t, enumerable: true });
    want.set(name, { t: x.t, bytes });
    lines.push(...x.lines, `// ${x.name}'s base filled with random bytes (seed ${seed})`, `record[${JSON.stringify(name)}] = ${x.name};`);
  });
  return { record, want, code: lines.join("\n") };
}

/** `back` holds exactly the record's names, each with the shape, dtype and bytes it was written with, in a record without a prototype. */
function expectRecord(back: Record<string, Tensor>, want: Map<string, { t: Tensor; bytes: Uint8Array }>, what: string, prototype: boolean): void {
  if (prototype && Object.getPrototypeOf(back) !== null) fail(`${what}\n  the result has a prototype`);
  const names = Object.keys(back).sort();
  const wanted = [...want.keys()].sort();
  if (show(names) !== show(wanted)) fail(`${what}\n  names ${show(names)}, expected ${show(wanted)}`);
  for (const [name, { t, bytes }] of want) {
    if (!Object.hasOwn(back, name)) fail(`${what}\n  ${show(name)} is not an own property of the result`);
    const got = back[name]!;
    if (show(got.shape) !== show(t.shape) || got.dtype !== t.dtype) fail(`${what}\n  ${show(name)}: ${got.dtype} ${show(got.shape)}, expected ${t.dtype} ${show(t.shape)}`);
    const difference = byteDifference(bytesOf(got), bytes);
    if (difference !== undefined) fail(`${what}\n  ${show(name)}: ${difference}`);
  }
}

describe("fuzz: weights files", () => {
  fuzz("weights/round-trip", fc.tuple(recordArb, fc.boolean(), fc.dictionary(nameArb, fc.string(), { maxKeys: 3 })), ([c, compress, metadata]) => {
    const { record, want, code } = buildRecord(c);
    const safetensors = expectNoError(() => saveSafetensors(record, { metadata }), `${code}\nsaveSafetensors(record)`);
    expectRecord(expectNoError(() => loadSafetensors(safetensors), `${code}\nloadSafetensors(saveSafetensors(record))`), want, `${code}\nloadSafetensors(saveSafetensors(record))`, true);
    const header = readSafetensorsHeader(safetensors);
    if (show(header.metadata ?? {}) !== show(metadata)) fail(`${code}\nthe metadata came back as ${show(header.metadata)}, expected ${show(metadata)}`);
    const schema = Object.fromEntries([...want].map(([name, { t }]) => [name, { shape: t.shape, dtype: t.dtype }]));
    expectRecord(expectNoError(() => loadSafetensors(safetensors, schema as never), `${code}\nloadSafetensors(bytes, schema)`), want, `${code}\nloadSafetensors(bytes, schema)`, true);
    const npzWant = new Map([...want].filter(([name]) => name !== "" && !name.includes("/")));
    const npzRecord = Object.fromEntries([...npzWant].map(([name, { t }]) => [name, t]));
    const npz = expectNoError(() => toNpz(npzRecord, { compress }), `${code}\ntoNpz(record, { compress: ${compress} })`);
    expectRecord(expectNoError(() => fromNpz(npz), `${code}\nfromNpz(toNpz(record))`), npzWant, `${code}\nfromNpz(toNpz(record, { compress: ${compress} }))`, true);
    for (const [name, { t, bytes }] of want) {
      const npy = expectNoError(() => fromNpy(toNpy(t)), `${code}\nfromNpy(toNpy(record[${show(name)}]))`);
      expectRecord({ [name]: npy } as never, new Map([[name, { t, bytes }]]), `${code}\nfromNpy(toNpy(record[${show(name)}]))`, false);
    }
  });

  fuzz("weights/safetensors-mutated", fc.tuple(recordArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 })), ([c, mutations]) => {
    const { record, code } = buildRecord(c);
    const file = mutateSafetensors(saveSafetensors(record), mutations);
    const what = `${code}\nconst file = ${mutations.map((m) => show(m)).join(" then ")} of saveSafetensors(record);\nloadSafetensors(file)`;
    const loaded = readOrRefused(() => loadSafetensors(file), "loadSafetensors", what);
    if (loaded !== undefined) expectAsHeaderSays(file, loaded, what);
  });

  fuzz("weights/npy-mutated", fc.tuple(chainArb({ maxSteps: 2 }), fc.nat(), fc.array(npyMutationArb, { minLength: 1, maxLength: 3 })), ([desc, seed, mutations]) => {
    const x = buildChain(desc, false);
    randomizeBase(x, seed);
    const file = mutateNpy(toNpy(x.t), mutations);
    const what = `${x.lines.join("\n")}\nconst file = ${mutations.map((m) => show(m)).join(" then ")} of toNpy(${x.name});\nfromNpy(file)`;
    const t = readOrRefused(() => fromNpy(file), "fromNpy", what);
    if (t !== undefined) expectNpyAsHeaderSays(file, t, what);
  });

  fuzz("weights/npz-mutated", fc.tuple(recordArb, fc.boolean(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 })), ([c, compress, flips]) => {
    const { want, code } = buildRecord(c);
    const kept = new Map([...want].filter(([name]) => name !== "" && !name.includes("/")));
    const archive = toNpz(Object.fromEntries([...kept].map(([name, { t }]) => [name, t])), { compress });
    for (const [at, xor] of flips) if (archive.length > 0) archive[at % archive.length]! ^= xor;
    const what = `${code}\nconst archive = toNpz(record, { compress: ${compress} }) with bytes ${show(flips.map(([at, xor]) => `${at % Math.max(archive.length, 1)} ^ ${xor}`))};\nfromNpz(archive)`;
    let back: Record<string, Tensor>;
    try {
      back = fromNpz(archive);
    } catch (error) {
      // a member's own errors begin `fromNpz (member "w.npy"): ...`
      const member = error instanceof Error ? /^fromNpz \(member "(?:[^"\\]|\\.)*"\): /.exec(error.message) : null;
      expectError(() => fromNpz(archive), ["TypeError", "RangeError"], member === null ? "fromNpz" : member[0].slice(0, -2), what);
      return;
    }
    // a flipped name (in the directory) renames a member; its elements are still exactly one of the originals'
    for (const name of Object.keys(back)) {
      const got = bytesOf(back[name]!);
      const original = kept.get(name);
      const same = (w: { t: Tensor; bytes: Uint8Array }) => byteDifference(got, w.bytes) === undefined && show(w.t.shape) === show(back[name]!.shape) && w.t.dtype === back[name]!.dtype;
      if (original !== undefined ? !same(original) : ![...kept.values()].some(same)) fail(`${what}\n  ${show(name)} came back as other elements than were written`);
    }
  });

  fuzz("weights/truncated", fc.tuple(recordArb, fc.constantFrom("safetensors", "npy", "npz", "npz deflated"), fc.double({ min: 0, max: 1, noNaN: true })), ([c, format, fraction]) => {
    const { record, code } = buildRecord(c);
    const first = Object.values(record)[0];
    const named = Object.fromEntries(Object.entries(record).filter(([name]) => name !== "" && !name.includes("/")));
    const bytes =
      format === "safetensors" ? saveSafetensors(record)
      : format === "npy" ? (first === undefined ? undefined : toNpy(first))
      : toNpz(named, { compress: format === "npz deflated" });
    if (bytes === undefined || bytes.length === 0) return;
    const cut = bytes.subarray(0, Math.min(bytes.length - 1, Math.floor(fraction * bytes.length)));
    const [read, op] = format === "safetensors" ? [loadSafetensors, "loadSafetensors"] : format === "npy" ? [fromNpy, "fromNpy"] : [fromNpz, "fromNpz"];
    expectError(() => (read as (b: Uint8Array) => unknown)(cut), ["TypeError", "RangeError"], op, `${code}\n${op}(the ${format} file's first ${cut.length} of ${bytes.length} bytes)`);
  });
});

/** What `read` gives, or undefined when it refused the input with its own error (a TypeError or RangeError beginning with `op`). */
function readOrRefused<T>(read: () => T, op: string, what: string): T | undefined {
  try {
    return read();
  } catch {
    expectError(read, ["TypeError", "RangeError"], op, what);
    return undefined;
  }
}

// ---------------------------------------------------------------------------
// .safetensors mutations, and what a file that still loads must give
// ---------------------------------------------------------------------------

type Mutation =
  | { readonly kind: "flip"; readonly at: number; readonly xor: number }
  | { readonly kind: "field"; readonly entry: number; readonly field: "dtype" | "shape" | "data_offsets" | "entry"; readonly value: unknown }
  | { readonly kind: "length"; readonly delta: number }
  | { readonly kind: "bom" }
  | { readonly kind: "duplicate"; readonly entry: number }
  | { readonly kind: "padding"; readonly text: string };

const hostileValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("F32", "F64", "I32", "U8", "BOOL", "F16", "BF16", "I64", "F8_E4M3", "f32", "", null, true, -1, 0, 1, 2 ** 53, 1.5, Number.MAX_SAFE_INTEGER, "__proto__"),
  fc.array(fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constantFrom(2 ** 31, 2 ** 53, 0.5, -0)), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant("field" as const), entry: fc.nat(), field: fc.constantFrom("dtype" as const, "shape" as const, "data_offsets" as const, "entry" as const), value: hostileValueArb }),
  fc.record({ kind: fc.constant("length" as const), delta: fc.integer({ min: -16, max: 16 }) }),
  fc.record({ kind: fc.constant("bom" as const) }),
  fc.record({ kind: fc.constant("duplicate" as const), entry: fc.nat() }),
  fc.record({ kind: fc.constant("padding" as const), text: fc.constantFrom(" ", "\t", "\n", "\u0000", "x", "}") }),
);

const encoder = new TextEncoder();

/** A .safetensors file of header text `json` (padded to 8 with spaces) and `data`. */
function safetensorsOf(json: Uint8Array, data: Uint8Array): Uint8Array {
  const length = json.length + ((8 - (json.length % 8)) % 8);
  const out = new Uint8Array(8 + length + data.length).fill(0x20, 8, 8 + length);
  new DataView(out.buffer).setBigUint64(0, BigInt(length), true);
  out.set(json, 8);
  out.set(data, 8 + length);
  return out;
}

function mutateSafetensors(file: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let bytes = file;
  for (const m of mutations) {
    const length = Number(new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true));
    const headerEnd = Math.min(bytes.length, 8 + length);
    const text = new TextDecoder().decode(bytes.subarray(8, headerEnd));
    const data = bytes.subarray(headerEnd);
    if (m.kind === "flip") {
      bytes = bytes.slice();
      bytes[m.at % bytes.length]! ^= m.xor;
    } else if (m.kind === "length") {
      bytes = bytes.slice();
      new DataView(bytes.buffer).setBigUint64(0, BigInt(Math.max(0, length + m.delta)), true);
    } else if (m.kind === "bom") {
      bytes = safetensorsOf(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(text.trimEnd())]), data);
    } else if (m.kind === "padding") {
      bytes = safetensorsOf(encoder.encode(text.trimEnd() + m.text), data);
    } else {
      let header: Record<string, unknown>;
      try {
        header = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      const names = Object.keys(header).filter((name) => name !== "__metadata__");
      if (names.length === 0) continue;
      const name = names[m.entry % names.length]!;
      let json: string;
      if (m.kind === "duplicate") {
        // JSON.stringify cannot write a key twice: the entry again, as text, at the end
        json = `${JSON.stringify(header).slice(0, -1)},${JSON.stringify(name)}:${JSON.stringify(header[name])}}`;
      } else {
        const entry = header[name] as Record<string, unknown>;
        if (m.field === "entry") header[name] = m.value;
        else if (entry !== null && typeof entry === "object") entry[m.field] = m.value;
        json = JSON.stringify(header);
      }
      bytes = safetensorsOf(encoder.encode(json), data);
    }
  }
  return bytes;
}

/** Widens a float16's bits to a float32 value (NaN: the payload moved up 13 bits). */
function halfToFloat32Bits(half: number): number {
  const sign = half >>> 15;
  const exponent = (half >>> 10) & 31;
  const mantissa = half & 1023;
  if (exponent === 31) return ((sign << 31) | 0x7f800000 | (mantissa << 13)) >>> 0;
  const value = (sign ? -1 : 1) * (exponent === 0 ? mantissa * 2 ** -24 : (1 + mantissa / 1024) * 2 ** (exponent - 15));
  const bits = new DataView(new ArrayBuffer(4));
  bits.setFloat32(0, value, true);
  return bits.getUint32(0, true);
}

/** The bytes `entry` of the header says a tensor has, as it loads (16-bit floats widened), from the file's data. */
function loadsAs(entry: { dtype: string; data_offsets: [number, number] }, data: Uint8Array): { bytes: Uint8Array; dtype: DType } | undefined {
  const slice = data.subarray(entry.data_offsets[0], entry.data_offsets[1]);
  const plain: Record<string, DType> = { F32: "float32", F64: "float64", I32: "int32", U8: "uint8", BOOL: "bool" };
  if (plain[entry.dtype] !== undefined) return { bytes: slice, dtype: plain[entry.dtype]! };
  if (entry.dtype !== "F16" && entry.dtype !== "BF16") return undefined;
  const view = new DataView(slice.buffer, slice.byteOffset, slice.byteLength);
  const out = new DataView(new ArrayBuffer(slice.length * 2));
  for (let i = 0; i < slice.length / 2; i++) {
    const half = view.getUint16(2 * i, true);
    out.setUint32(4 * i, entry.dtype === "BF16" ? (half << 16) >>> 0 : halfToFloat32Bits(half), true);
  }
  return { bytes: new Uint8Array(out.buffer), dtype: "float32" };
}

/** A file that loaded must have given what its header says: each tensor's shape, dtype and the bytes at its offsets. */
function expectAsHeaderSays(file: Uint8Array, loaded: Record<string, Tensor>, what: string): void {
  const length = Number(new DataView(file.buffer, file.byteOffset).getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + length))) as Record<string, { dtype: string; shape: number[]; data_offsets: [number, number] }>;
  const names = Object.keys(header).filter((name) => name !== "__metadata__");
  if (show(Object.keys(loaded).sort()) !== show(names.sort())) fail(`${what}\n  loaded ${show(Object.keys(loaded))}, the header has ${show(names)}`);
  const data = file.subarray(8 + length);
  for (const name of names) {
    const entry = header[name]!;
    const t = loaded[name]!;
    const want = loadsAs(entry, data);
    if (want === undefined) fail(`${what}\n  ${show(name)} of dtype ${entry.dtype} loaded`);
    if (show(t.shape) !== show(entry.shape) || t.dtype !== want!.dtype) fail(`${what}\n  ${show(name)}: ${t.dtype} ${show(t.shape)}, the header says ${entry.dtype} ${show(entry.shape)}`);
    const difference = byteDifference(bytesOf(t), want!.bytes);
    if (difference !== undefined) fail(`${what}\n  ${show(name)}: ${difference}`);
  }
}

// ---------------------------------------------------------------------------
// .npy mutations
// ---------------------------------------------------------------------------

type NpyMutation =
  | { readonly kind: "flip"; readonly at: number; readonly xor: number }
  | { readonly kind: "dict"; readonly text: string }
  | { readonly kind: "version"; readonly major: number }
  | { readonly kind: "length"; readonly delta: number }
  | { readonly kind: "data"; readonly delta: number };

const npyMutationArb: fc.Arbitrary<NpyMutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({
    kind: fc.constant("dict" as const),
    text: fc
      .tuple(
        fc.constantFrom("'<f4'", "'>f4'", "'<f8'", "'>f8'", "'<i4'", "'>i4'", "'|u1'", "'|b1'", "'<f2'", "'>f2'", "'<i8'", "'|f4'", "'=f4'", "[('a', '<f4')]", "'<c8'"),
        fc.constantFrom("True", "False", "1", "None"),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(-1, 2 ** 31, 2 ** 53, 10 ** 30)), { maxLength: 4 }),
        fc.constantFrom("", " ", "'extra': 1, ", "'shape': (1,), "),
      )
      .map(([descr, fortran, shape, extra]) => `{'descr': ${descr}, 'fortran_order': ${fortran}, 'shape': (${shape.join(", ")}${shape.length === 1 ? "," : ""}), ${extra}}`),
  }),
  fc.record({ kind: fc.constant("version" as const), major: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("length" as const), delta: fc.integer({ min: -70, max: 70 }) }),
  fc.record({ kind: fc.constant("data" as const), delta: fc.integer({ min: -9, max: 9 }) }),
);

/** A version `major` .npy of header `dict` (padded to 64 with spaces and a newline) and `data`. */
function npyOf(major: number, dict: string, data: Uint8Array): Uint8Array {
  const prefix = major === 1 ? 10 : 12;
  const text = encoder.encode(dict);
  const length = Math.ceil((prefix + text.length + 1) / 64) * 64 - prefix;
  const out = new Uint8Array(prefix + length + data.length).fill(0x20, prefix, prefix + length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, 0]);
  if (major === 1) new DataView(out.buffer).setUint16(8, length, true);
  else new DataView(out.buffer).setUint32(8, length, true);
  out.set(text, prefix);
  out[prefix + length - 1] = 0x0a;
  out.set(data, prefix + length);
  return out;
}

function mutateNpy(file: Uint8Array, mutations: readonly NpyMutation[]): Uint8Array {
  let bytes = file;
  for (const m of mutations) {
    const major = bytes[6] ?? 1;
    const prefix = major === 1 ? 10 : 12;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const length = bytes.length < prefix ? 0 : major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
    const data = bytes.subarray(Math.min(bytes.length, prefix + length));
    if (m.kind === "flip") {
      bytes = bytes.slice();
      bytes[m.at % bytes.length]! ^= m.xor;
    } else if (m.kind === "dict") {
      bytes = npyOf(major === 1 ? 1 : 3, m.text, data);
    } else if (m.kind === "version") {
      bytes = bytes.slice();
      bytes[6] = m.major;
    } else if (m.kind === "length" && bytes.length >= 10) {
      bytes = bytes.slice();
      new DataView(bytes.buffer).setUint16(8, Math.max(0, Math.min(0xffff, length + m.delta)), true);
    } else if (m.kind === "data") {
      const cut = bytes.slice(0, Math.max(0, bytes.length + Math.min(0, m.delta)));
      bytes = m.delta > 0 ? new Uint8Array([...cut, ...new Uint8Array(m.delta)]) : cut;
    }
  }
  return bytes;
}

/** The header of a .npy that loaded, read here by turning NumPy's dict into JSON: descr, order and shape. */
function npyHeaderOf(file: Uint8Array): { descr: string; fortran: boolean; shape: number[]; dataStart: number } {
  const major = file[6]!;
  const prefix = major === 1 ? 10 : 12;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const length = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const text = (major === 3 ? new TextDecoder() : new TextDecoder("latin1")).decode(file.subarray(prefix, prefix + length));
  const json = text.trim().replace(/'/g, '"').replace(/\(/g, "[").replace(/\)/g, "]").replace(/True/g, "true").replace(/False/g, "false").replace(/,\s*([\]}])/g, "$1").replace(/(\d)L/g, "$1");
  const dict = JSON.parse(json) as { descr: string; fortran_order: boolean; shape: number[] };
  return { descr: dict.descr, fortran: dict.fortran_order, shape: dict.shape, dataStart: prefix + length };
}

/** A .npy that loaded must have given what its header says, element by element, read here with DataView. */
function expectNpyAsHeaderSays(file: Uint8Array, t: Tensor, what: string): void {
  const { descr, fortran, shape, dataStart } = npyHeaderOf(file);
  const kinds: Record<string, { dtype: DType; read: (v: DataView, at: number, little: boolean) => number }> = {
    f4: { dtype: "float32", read: (v, at, le) => v.getFloat32(at, le) },
    f8: { dtype: "float64", read: (v, at, le) => v.getFloat64(at, le) },
    i4: { dtype: "int32", read: (v, at, le) => v.getInt32(at, le) },
    u1: { dtype: "uint8", read: (v, at) => v.getUint8(at) },
    b1: { dtype: "bool", read: (v, at) => v.getUint8(at) },
    f2: { dtype: "float32", read: (v, at, le) => new DataView(Uint32Array.of(halfToFloat32Bits(v.getUint16(at, le))).buffer).getFloat32(0, true) },
  };
  const kind = kinds[descr.slice(1)];
  if (kind === undefined) return fail(`${what}\n  a file of descr ${show(descr)} loaded`);
  if (t.dtype !== kind.dtype || show(t.shape) !== show(shape)) fail(`${what}\n  ${t.dtype} ${show(t.shape)}, the header says ${descr} ${show(shape)}`);
  const width = Number(descr.slice(2));
  const little = descr[0] !== ">";
  const view = new DataView(file.buffer, file.byteOffset + dataStart, file.length - dataStart);
  const size = shape.reduce((p, d) => p * d, 1);
  if (view.byteLength !== size * width) fail(`${what}\n  loaded though ${view.byteLength} bytes of data follow the header, not ${size * width}`);
  const got = Array.from(t.toTypedArray() as ArrayLike<number>);
  // element k of the result, row-major, is element (Fortran order: the reversed index) of the file
  const strides = shape.map((_, axis) => shape.slice(fortran ? 0 : axis + 1, fortran ? axis : undefined).reduce((p, d) => p * d, 1));
  for (let k = 0; k < size; k++) {
    let rest = k;
    let at = 0;
    for (let axis = shape.length - 1; axis >= 0; axis--) {
      at += (rest % shape[axis]!) * strides[axis]!;
      rest = Math.floor(rest / shape[axis]!);
    }
    const want = kind.read(view, at * width, little);
    if (!Object.is(got[k], want)) fail(`${what}\n  element ${k} is ${show(got[k])}, the file holds ${show(want)}`);
  }
}
