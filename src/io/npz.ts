/**
 * `shapecast/npz`: NumPy's `.npz` archives, several `.npy` files in one zip
 * (what `np.savez` and `np.savez_compressed` write and `np.load` reads).
 * `toNpz(tensors, { compress? })` writes one, `fromNpz(bytes, schema?)` reads
 * one into a record of tensors, typed and checked by the schema as
 * `loadSafetensors` is.
 *
 * The zip is written by fflate, an optional peer dependency, and read by
 * ./zip.ts over fflate's streaming DEFLATE decoder: this entry is apart from
 * `shapecast` so that the library itself has none, and an app that reads
 * `.npz` installs fflate (`npm install fflate`).
 *
 * Each member `name.npy` is the array `name` (`arr_0`, `arr_1`, ... for arrays
 * `np.savez` was given without names), read by `fromNpy` with its checks;
 * members stored and deflated, with or without zip64 fields, are read. A
 * member that is not a `.npy`, or an archive that is not a zip, is an error
 * naming it, before anything is inflated. With a schema only the schema's
 * members are read. A member is inflated only as far as its `.npy` header at
 * first; the header is checked (and against the schema), and then exactly the
 * bytes it and the archive's directory agree on are inflated, never more.
 */
import { zipSync, type Zippable } from "fflate";
import type { DType } from "../dtype.js";
import { showShape } from "../errors.js";
import { assertTensor } from "../ops/engine.js";
import { checkOptionFields, describe } from "../shape/validate.js";
import type { Tensor } from "../tensor.js";
import { bytesOfInput, checkLoaded } from "./bytes.js";
import { npyDataStart, npyTensor, readNpyLayout, toNpy } from "./npy.js";
import { checkSchema, namedRecord, type SchemaTensors, showNames, type WeightsSchema } from "./schema.js";
import { MemberReader, type ZipMember, zipMembers } from "./zip.js";

/**
 * The bytes of a `.npz` archive holding each tensor as `name.npy` (`np.load` reads it back
 * by name). `compress: true` deflates them, as `np.savez_compressed`; by default they are
 * stored, as `np.savez`.
 *
 * @example
 * writeFileSync("model.npz", toNpz({ w1, b1 }, { compress: true }));   // np.load("model.npz")["w1"]
 */
export function toNpz(tensors: Readonly<Record<string, Tensor>>, options?: { readonly compress?: boolean }): Uint8Array<ArrayBuffer> {
  const op = "toNpz";
  if (typeof tensors !== "object" || tensors === null || Array.isArray(tensors)) {
    throw new TypeError(`${op}: tensors must be a record of tensors by name, such as { w1, b1 }, got ${describe(tensors)}`);
  }
  const { compress = false } = checkOptionFields(op, options, ["compress"], "{ compress: true }");
  if (typeof compress !== "boolean") throw new TypeError(`${op}: options.compress must be a boolean, got ${describe(compress)}`);
  // no prototype: the zip writer walks its keys with for-in, which would also meet inherited ones
  const members: Zippable = Object.create(null);
  for (const [name, t] of Object.entries(tensors)) {
    if (name === "" || name.includes("/")) throw new TypeError(`${op}: a tensor's name must be a non-empty name without "/", got ${JSON.stringify(name)}`);
    assertTensor(op, `tensors[${JSON.stringify(name)}]`, t);
    members[`${name}.npy`] = [toNpy(t), { level: compress ? 6 : 0 }];
  }
  try {
    return zipSync(members) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    // what fflate throws here is not about the tensors, which are checked above (seen: with
    // fields added to Object.prototype, which its own loops read)
    throw new TypeError(`${op}: the zip writer failed: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The tensors of a `.npz` archive (its bytes), by name. With a `schema` (entries as
 * `loadSafetensors` takes them: a shape expects float32, `{ shape, dtype }`, `{ shape }`),
 * exactly the schema's tensors, typed by it and checked; without one, every array, of
 * unknown shapes. The result has no prototype: every name is a name (`"__proto__"` too).
 *
 * Nothing is inflated before it is checked: every member must be a `.npy` (by name), and a
 * member's header is read first (its first bytes only), checked against the schema and against
 * the size the archive declares for the member; then exactly that many bytes are inflated and
 * checked against the member's CRC-32.
 *
 * @example
 * const { w1 } = fromNpz(readFileSync("model.npz"), { w1: { shape: [784, 128], dtype: "float64" } });
 */
export function fromNpz<const S extends WeightsSchema>(bytes: Uint8Array | ArrayBuffer, schema: S): SchemaTensors<S>;
export function fromNpz(bytes: Uint8Array | ArrayBuffer): Record<string, Tensor<number[], DType>>;
export function fromNpz(input: Uint8Array | ArrayBuffer, schema?: WeightsSchema): Record<string, Tensor> {
  const op = "fromNpz";
  const bytes = bytesOfInput(op, input);
  const expected = schema === undefined ? undefined : checkSchema(op, schema);
  const members = new Map<string, ZipMember>();
  for (const member of zipMembers(op, bytes)) {
    if (!member.name.endsWith(".npy")) throw new TypeError(`${op}: member ${JSON.stringify(member.name)} is not a .npy file; a .npz holds only .npy files`);
    members.set(member.name.slice(0, -4), member);
  }
  const names = expected === undefined ? [...members.keys()] : [...expected.keys()];
  const out = namedRecord<Tensor>();
  for (const name of names) {
    const member = members.get(name);
    if (member === undefined) {
      throw new TypeError(`${op}: the archive holds no "${name}.npy" (schema["${name}"]); it holds ${showNames([...members.keys()].map((n) => `${n}.npy`), "nothing")}`);
    }
    const where = `${op} (member ${JSON.stringify(`${name}.npy`)})`;
    const reader = new MemberReader(op, bytes, member);
    // the header first: the preamble says how long it is
    const layout = readNpyLayout(where, reader.head(npyDataStart(where, reader.head(12))));
    const want = expected?.get(name);
    if (want !== undefined) checkLoaded(op, `array "${name}"`, `schema["${name}"]`, layout.shape, layout.stored.dtype, want);
    const whole = reader.all(layout.length, `its .npy header (shape ${showShape(layout.shape)} of '${layout.descr}')`);
    out[name] = npyTensor(where, whole, layout);
  }
  return out;
}
