/**
 * `enableSimd`: puts the WebAssembly SIMD engine (the modules of this folder and
 * their memory, ./arena.ts) into a program. Its bytes (about 250 kB of WebAssembly)
 * are imported here and nowhere else, and the element-wise ops and matmul reach
 * their kernels (../simd.ts) only through what it gives the arena, so that a bundle
 * carries them only when the program names this function: the
 * package entry turns the engine on when it is loaded as it is (Node, or any
 * unbundled import: ./on-by-default.ts), and a bundler, which leaves out what a
 * program does not use (`"sideEffects": false`), leaves the engine out unless the
 * program calls `enableSimd()`. Without it every op runs the JavaScript kernels,
 * which compute the same values (bit for bit where the arithmetic is exact; README
 * "Speed").
 */
import { binarySimd, matmulSimd, unarySimd } from "../simd.js";
import { provideModules, simdAvailable } from "./arena.js";
import { elementwiseWasm } from "./elementwise.wasm.js";
import { gemmWasm } from "./gemm.wasm.js";
import { reduceWasm } from "./reduce.wasm.js";

/**
 * Turns the WebAssembly SIMD engine on for every op from now on; a program
 * bundled for the browser calls it once at start-up (in Node, or without a
 * bundler, the package entry has already done so). Calling it again does nothing.
 * Returns whether the engine runs here: false where WebAssembly SIMD is missing,
 * and the ops then run the JavaScript kernels as before.
 *
 * @example
 * import { enableSimd, ones } from "shapecast";
 * enableSimd(); //=> true (Node 20, Chromium, Firefox, Safari 16.4+)
 * ones([1000, 1000]).add(1); // in the engine's memory, by its kernels
 */
export function enableSimd(): boolean {
  provideEngine();
  return simdAvailable();
}

/**
 * Hands the modules and the kernels' entry points to the arena without making it: the modules
 * are compiled and the memory reserved when an op first asks (./on-by-default.ts: importing the
 * package costs nothing until a large tensor is made). @internal
 */
export function provideEngine(): void {
  provideModules([elementwiseWasm, gemmWasm, reduceWasm], { binary: binarySimd, unary: unarySimd, matmul: matmulSimd });
}
