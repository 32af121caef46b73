/**
 * The engine, on for a program that loads the package entry as it is (Node, a test
 * runner, a browser importing the files unbundled): src/index.ts imports this
 * module for its effect alone, which is to hand the engine's modules over, not yet to
 * compile them. A bundler honouring the package's `"sideEffects": false` leaves it
 * out, and with it the engine's bytes, unless the program calls `enableSimd()`
 * itself (./engine.ts); the ops compute the same
 * values either way (bit for bit where the arithmetic is exact; README "Speed"),
 * only slower.
 */
import { provideEngine } from "./engine.js";

// (the modules are compiled, and the memory reserved, when an op first needs them)
provideEngine();
