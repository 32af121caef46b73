/**
 * Every test file runs as a program that loaded the package entry does (Node, unbundled):
 * src/index.ts turns the WebAssembly SIMD engine on (src/kernels/wasm/on-by-default.ts), so
 * a test that imports one module of src/ directly still runs the engine's kernels.
 */
import "../../src/index.js";
