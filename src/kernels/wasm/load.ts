/**
 * Loads an assembled WebAssembly kernel (a `*.wasm.ts` module of base64
 * bytes) once, synchronously: the modules are a few hundred bytes, below
 * what browsers allow to compile on the main thread. Where WebAssembly or
 * its SIMD instructions are missing, `load` gives `undefined` and the caller
 * keeps its JavaScript kernel.
 */

/** The parts of the WebAssembly API the kernels use (the project builds without DOM or Node types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

const cache = new Map<string, Record<string, unknown> | undefined>();

/** The bytes of base64 `text` (atob, in Node and browsers). */
export function decodeBase64(text: string): Uint8Array {
  const atob = (globalThis as { atob?: (data: string) => string }).atob;
  if (atob === undefined) throw new Error("no atob");
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The exports of the module in `base64`, or `undefined` where it cannot run here. */
export function load(base64: string): Record<string, unknown> | undefined {
  if (cache.has(base64)) return cache.get(base64);
  let exports: Record<string, unknown> | undefined;
  try {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (api !== undefined) exports = new api.Instance(new api.Module(decodeBase64(base64))).exports;
  } catch {
    exports = undefined; // no SIMD support (CompileError), or a sandbox without WebAssembly
  }
  cache.set(base64, exports);
  return exports;
}

/** Drops the instance of `base64` (and with it its memory); the next `load` makes a new one. */
export function unload(base64: string): void {
  cache.delete(base64);
}
