/**
 * The run worker: executes the program (compiled to CommonJS by the language
 * worker) with shapecast's runtime as its only import, and sends each printed
 * line to the page. A worker of its own, so a long program never freezes the
 * editor and Stop can end it.
 */
import * as shapecast from "../../src/index.js";
import { formatLine } from "./format.js";
import type { RunMessage } from "./protocol.js";

// a bundle keeps the WebAssembly SIMD engine only when asked (src/kernels/wasm/engine.ts), as a user's app does
shapecast.enableSimd();

const post = (message: RunMessage): void => (self as unknown as { postMessage(m: RunMessage): void }).postMessage(message);

const printer = (stream: "log" | "error") => (...args: unknown[]): void => post({ kind: "line", stream, text: formatLine(args) });
const programConsole = { log: printer("log"), info: printer("log"), debug: printer("log"), warn: printer("error"), error: printer("error") };

function require(name: string): unknown {
  if (name === "shapecast") return shapecast;
  throw new Error(`Cannot import "${name}" in the playground: its programs import "shapecast" only`);
}

self.addEventListener("message", (event: MessageEvent<string>) => {
  const started = performance.now();
  try {
    const module = { exports: {} };
    new Function("require", "module", "exports", "console", event.data)(require, module, module.exports, programConsole);
    post({ kind: "done", milliseconds: performance.now() - started });
  } catch (error) {
    post({ kind: "failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
});
