/**
 * Element bytes for the serialization and weights-file fuzz properties: what a built view's
 * elements must be, bit for bit, after its base's buffer was filled with random bytes (NaN
 * payloads, subnormals, every bit pattern), computed from the model's origins (which element
 * of the base each element reads) and nothing of the library's strides.
 */
import type { Tensor } from "shapecast";
import type { Built } from "./build.js";
import type { DType } from "./dtypes.js";
import { show } from "./check.js";

export const WIDTH: Record<DType, number> = { float32: 4, float64: 8, int32: 4, uint8: 1, bool: 1 };

/**
 * The bytes of a tensor's elements in row-major order, copied as bytes from its buffer at the
 * positions its public `shape`, `strides` and `offset` name (index arithmetic here, nothing of
 * the library's element gathering; toTypedArray() copies through numbers, which may quiet a
 * float32 signaling NaN).
 */
export function bytesOf(t: Tensor): Uint8Array {
  const data = t.data as unknown as ArrayBufferView;
  const width = WIDTH[t.dtype as DType];
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(t.size * width);
  for (let k = 0; k < t.size; k++) {
    let rest = k;
    let position = t.offset;
    for (let axis = t.shape.length - 1; axis >= 0; axis--) {
      const index = rest % t.shape[axis]!;
      if (index !== 0) position += index * t.strides[axis]!;
      rest = Math.floor(rest / t.shape[axis]!);
    }
    out.set(raw.subarray(position * width, (position + 1) * width), k * width);
  }
  return out;
}

/** Random bytes for `count` elements of `dtype` (a bool byte is 0 or 1), from `seed`. */
export function randomBytes(dtype: DType, count: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(count * WIDTH[dtype]);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < bytes.length; i++) {
    // xorshift32
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    bytes[i] = dtype === "bool" ? s & 1 : s & 255;
  }
  return bytes;
}

/**
 * Fills the base of `x`'s chain with random bytes and gives the bytes each element of `x.t`
 * must then have: the base element its origin names, or (for a copy, which has no origin) the
 * model's value as stored.
 */
export function randomizeBase(x: Built, seed: number): Uint8Array {
  const width = WIDTH[x.m.dtype];
  const base = x.base.data as unknown as ArrayBufferView;
  const raw = randomBytes(x.m.dtype, x.baseM.values.length, seed);
  new Uint8Array(base.buffer, base.byteOffset, raw.length).set(raw);
  const origin = x.m.origin;
  const want = new Uint8Array(x.m.values.length * width);
  const view = new DataView(want.buffer);
  x.m.values.forEach((value, i) => {
    if (origin !== null) {
      want.set(raw.subarray(origin[i]! * width, (origin[i]! + 1) * width), i * width);
      return;
    }
    const at = i * width;
    if (x.m.dtype === "float32") view.setFloat32(at, value, true);
    else if (x.m.dtype === "float64") view.setFloat64(at, value, true);
    else if (x.m.dtype === "int32") view.setInt32(at, value, true);
    else view.setUint8(at, value);
  });
  return want;
}

/** The first byte at which `got` and `want` differ, shown for a message; undefined when equal. */
export function byteDifference(got: Uint8Array, want: Uint8Array): string | undefined {
  if (got.length !== want.length) return `${got.length} bytes, expected ${want.length}`;
  for (let i = 0; i < got.length; i++) {
    if (got[i] !== want[i]) return `byte ${i} is ${got[i]}, expected ${want[i]} (got ${show(Array.from(got.subarray(0, 32)))}, expected ${show(Array.from(want.subarray(0, 32)))})`;
  }
  return undefined;
}
