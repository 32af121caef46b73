/**
 * Tracing a function for export: run it on example inputs while a recorder
 * (src/autodiff/tape.ts, the same hook autodiff uses) notes every op called on
 * a tensor that depends on the inputs. Tensors the function did not compute
 * from its inputs (captured weights, constants it made) are read as constants.
 */
import { argumentObjects, type Recorder, recorders } from "../autodiff/tape.js";
import { outputsOf } from "../autodiff/tree.js";
import { guardData, guardReadOuts, Tensor } from "../tensor.js";

/** One op call: its name, its arguments as given, its result, and the tensors in the result. */
export interface Call {
  readonly op: string;
  readonly args: readonly unknown[];
  readonly result: unknown;
  readonly outputs: readonly Tensor[];
}

export interface Trace {
  readonly inputs: readonly Tensor[];
  /** The calls that depend on the inputs, in the order they ran. */
  readonly calls: readonly Call[];
  /** What the function returned. */
  readonly output: unknown;
}

/** Every tensor among an op's arguments: given directly, in an array, or in an options record. */
export function tensorsIn(args: readonly unknown[]): Tensor[] {
  const found: Tensor[] = [];
  for (const arg of args) {
    if (arg instanceof Tensor) {
      found.push(arg);
    } else if (Array.isArray(arg)) {
      for (const item of arg) if (item instanceof Tensor) found.push(item);
    } else if (arg !== null && typeof arg === "object") {
      for (const item of Object.values(arg)) if (item instanceof Tensor) found.push(item);
    }
  }
  return found;
}

class Tracer implements Recorder {
  readonly followed = new Set<Tensor>();
  readonly calls: Call[] = [];
  /** Every argument and result of the calls noted: what the lowering reads (constants' values too). */
  readonly held = new Set<object>();

  holds(t: object): boolean {
    return this.held.has(t);
  }

  constructor(readonly op: string) {}

  record(op: string, args: readonly unknown[], result: unknown): void {
    const inputs = tensorsIn(args);
    if (!inputs.some((t) => this.followed.has(t))) return;
    const last = args[args.length - 1];
    if (last !== null && typeof last === "object" && !Array.isArray(last) && !(last instanceof Tensor) && (last as { out?: unknown }).out !== undefined) {
      throw new TypeError(`${this.op}: ${op} writes into out, which an exported graph cannot do (ONNX values are written once); drop out inside the function`);
    }
    const outputs = outputsOf(result);
    this.calls.push({ op, args, result, outputs });
    for (const held of argumentObjects(args)) this.held.add(held);
    for (const t of outputs) this.follow(t);
  }

  /** Follows `t`: its values are the example's, so reading them is refused while the function runs. */
  follow(t: Tensor): void {
    this.followed.add(t);
    this.held.add(t);
    guardData(t);
  }
}

/** Runs `fn(...inputs)` with a recorder following the inputs. */
export function trace(op: string, fn: (...args: never[]) => unknown, inputs: readonly Tensor[]): Trace {
  const tracer = new Tracer(op);
  guardReadOuts({ op, follows: (t) => tracer.followed.has(t) });
  recorders.push(tracer);
  let output: unknown;
  try {
    for (const t of inputs) tracer.follow(t);
    output = fn(...(inputs as never[]));
  } finally {
    recorders.splice(recorders.lastIndexOf(tracer), 1);
    guardReadOuts(undefined);
  }
  return { inputs, calls: tracer.calls, output };
}
