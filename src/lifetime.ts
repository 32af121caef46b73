/**
 * Freeing tensors without waiting for the collector: `tidy(fn)` disposes every tensor made while
 * `fn` runs except those it returns. Tensors are freed without any of this too (a tensor in the
 * engine's WebAssembly memory gives its block back once the collector finds it unreachable, see
 * src/kernels/wasm/arena.ts); a loop that never yields to the event loop gets its blocks back
 * only this way. docs: README "Freeing memory".
 */
import { heldByRecorders, recorders } from "./autodiff/tape.js";
import { describe } from "./shape/validate.js";
import type { Tensor } from "./tensor.js";

/**
 * The tensors made in the innermost `tidy` scope, in the order made; `undefined` outside any.
 * Read by the Tensor constructor. @internal
 */
export let tidyScope: Tensor[] | undefined;

/** The tensors `value` holds: itself, or in arrays and plain objects, at any depth. */
function collect(value: unknown, made: ReadonlySet<Tensor>, into: Set<Tensor>, seen: Set<object>): void {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if (made.has(value as Tensor)) {
    into.add(value as Tensor);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, made, into, seen);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return;
  for (const item of Object.values(value)) collect(item, made, into, seen);
}

/**
 * Runs `fn` and disposes every tensor made while it runs except those it returns (a tensor, or
 * tensors in arrays and plain objects at any depth), which the enclosing `tidy` then owns.
 * Tensors made before, or outside `fn`, are left alone; a returned view keeps its elements even
 * when the tensor it views was disposed. When `fn` throws, every tensor it made is disposed and
 * the error goes on. `fn` must be synchronous: a `TypeError` when it returns a promise (tensors
 * made after an `await` would escape the scope), and its tensors are then left to the collector.
 * Inside a function being differentiated (`grad`, `valueAndGrad`, `vjp`) or exported
 * (`exportOnnx`), what the open tape or trace still reads (the arguments and results of the ops it
 * noted, constants too) is not disposed but left to the enclosing scope, or to the collector.
 *
 * @example
 * for (let step = 0; step < 100_000; step++) {
 *   const loss = tidy(() => meanSquaredError(model(x), y).item()); // the intermediates are freed here
 * }
 * const h = tidy(() => relu(matmul(x, w).add(b)));                  // h is kept, matmul's result freed
 */
export function tidy<T>(fn: () => T): T {
  if (typeof fn !== "function") throw new TypeError(`tidy: fn must be a function, got ${describe(fn)}`);
  const outer = tidyScope;
  const made: Tensor[] = [];
  tidyScope = made;
  let result: T;
  try {
    result = fn();
  } catch (error) {
    tidyScope = outer;
    for (const t of made) t.dispose();
    throw error;
  }
  tidyScope = outer;
  if (result !== null && (typeof result === "object" || typeof result === "function") && typeof (result as { then?: unknown }).then === "function") {
    throw new TypeError("tidy: fn returned a promise; tidy frees tensors when fn returns, so fn must be synchronous (dispose() tensors in async code)");
  }
  const kept = new Set<Tensor>();
  collect(result, new Set(made), kept, new Set());
  // inside grad, vjp or an export, what the open tape or trace will read is left to the enclosing
  // scope (or the collector), not disposed: the backward pass and the lowering come after
  const recording = recorders.length !== 0;
  for (const t of made) {
    if (kept.has(t) || (recording && heldByRecorders(t))) outer?.push(t);
    else t.dispose();
  }
  return result;
}
