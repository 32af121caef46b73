/**
 * `shapecast/npz`: NumPy's `.npz` archives, several `.npy` files in one zip
 * (what `np.savez` and `np.savez_compressed` write and `np.load` reads).
 * `toNpz(tensors, { compress? })` writes one, `fromNpz(bytes, schema?)` reads
 * one into a record of tensors, typed and checked by the schema as
 * `loadSafetensors` is.
 *
 * The zip is read and written by fflate, an optional peer dependency: this
 * entry is apart from `shapecast` so that the library itself has none, and an
 * app that reads `.npz` installs fflate (`npm install fflate`).
 *
 * Each member `name.npy` is the array `name` (`arr_0`, `arr_1`, ... for arrays
 * `np.savez` was given without names), read by `fromNpy` with its checks;
 * members stored and deflated, with or without zip64 fields, are read. A
 * member that is not a `.npy`, or an archive that is not a zip, is an error
 * naming it. With a schema only the schema's members are decompressed, and a
 * member larger than the largest tensor is refused before it is.
 */
import { unzipSync, zipSync, type Zippable } from "fflate";
import type { DType } from "../dtype.js";
import { assertTensor } from "../ops/engine.js";
import { describe, MAX_ELEMENTS } from "../shape/validate.js";
import type { Tensor } from "../tensor.js";
import { bytesOfInput, checkLoaded } from "./bytes.js";
import { readNpy, toNpy } from "./npy.js";
import { checkSchema, type SchemaTensors, showNames, type WeightsSchema } from "./schema.js";

/** The most bytes one member may hold: the largest tensor of the widest dtype, and a header. */
const MAX_MEMBER = MAX_ELEMENTS * 8 + 65_536;

/**
 * The bytes of a `.npz` archive holding each tensor as `name.npy` (`np.load` reads it back
 * by name). `compress: true` deflates them, as `np.savez_compressed`; by default they are
 * stored, as `np.savez`.
 *
 * @example
 * writeFileSync("model.npz", toNpz({ w1, b1 }, { compress: true }));   // np.load("model.npz")["w1"]
 */
export function toNpz(tensors: Readonly<Record<string, Tensor>>, options: { readonly compress?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const op = "toNpz";
  if (typeof tensors !== "object" || tensors === null || Array.isArray(tensors)) {
    throw new TypeError(`${op}: tensors must be a record of tensors by name, such as { w1, b1 }, got ${describe(tensors)}`);
  }
  if (typeof options !== "object" || options === null) throw new TypeError(`${op}: options must be an object such as { compress: true }, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (key !== "compress") throw new TypeError(`${op}: options field "${key}" is not known (the field is compress)`);
  }
  const compress = options.compress ?? false;
  if (typeof compress !== "boolean") throw new TypeError(`${op}: options.compress must be a boolean, got ${describe(compress)}`);
  const members: Zippable = {};
  for (const [name, t] of Object.entries(tensors)) {
    if (name === "" || name.includes("/")) throw new TypeError(`${op}: a tensor's name must be a non-empty name without "/", got ${JSON.stringify(name)}`);
    assertTensor(op, `tensors["${name}"]`, t);
    members[`${name}.npy`] = [toNpy(t), { level: compress ? 6 : 0 }];
  }
  return zipSync(members) as Uint8Array<ArrayBuffer>;
}

/**
 * The tensors of a `.npz` archive (its bytes), by name. With a `schema` (entries as
 * `loadSafetensors` takes them: a shape expects float32, `{ shape, dtype }`, `{ shape }`),
 * exactly the schema's tensors, typed by it and checked; without one, every array, of
 * unknown shapes.
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
  const held: string[] = [];
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes, {
      filter: (file) => {
        held.push(file.name);
        const name = file.name.endsWith(".npy") ? file.name.slice(0, -4) : file.name;
        const wanted = expected === undefined || expected.has(name);
        if (wanted && file.originalSize > MAX_MEMBER) {
          throw new RangeError(`${op}: member "${file.name}" is ${file.originalSize} bytes, more than any tensor holds (${MAX_MEMBER})`);
        }
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw new TypeError(`${op}: the bytes are not a zip archive, or a damaged one (${(error as Error).message})`, { cause: error });
  }
  for (const member of Object.keys(members)) {
    if (!member.endsWith(".npy")) throw new TypeError(`${op}: member "${member}" is not a .npy file; a .npz holds only .npy files`);
  }
  const names = expected === undefined ? Object.keys(members).map((member) => member.slice(0, -4)) : [...expected.keys()];
  const out: Record<string, Tensor> = {};
  for (const name of names) {
    const data = members[`${name}.npy`];
    if (data === undefined) throw new TypeError(`${op}: the archive holds no "${name}.npy" (schema["${name}"]); it holds ${showNames(held, "nothing")}`);
    const want = expected?.get(name);
    out[name] = readNpy(`${op} (member "${name}.npy")`, data, want === undefined ? undefined : (shape, dtype) => checkLoaded(op, `array "${name}"`, `schema["${name}"]`, shape, dtype, want));
  }
  return out;
}
