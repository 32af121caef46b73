/**
 * `onnxSession(fn, inputs, options)`: the same typed function, run by ONNX
 * Runtime. It exports `fn` (src/onnx/export.ts), opens an inference session
 * on the model, and returns a runner that takes and gives shapecast tensors
 * typed as `fn`'s own, asynchronously (ONNX Runtime's `run` is).
 *
 * The runtime is `onnxruntime-node` (an optional peer dependency of the
 * package, loaded on first use), or any module with its API given as
 * `options.runtime`: `onnxruntime-web` in a browser.
 */
import { DTYPES, type DType, isDType } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import { describe } from "../shape/validate.js";
import { fromStorage, rowMajorElements, Tensor } from "../tensor.js";
import type { OnnxInput, OnnxInputTensors, OnnxOutputs, OnnxRunner } from "../../types/onnx.js";
import { exportModel, type ExportedModel, type OnnxExportOptions } from "./export.js";

/** A tensor of ONNX Runtime, as its JavaScript API gives it. */
export interface OrtTensor {
  readonly type: string;
  readonly data: unknown;
  readonly dims: readonly number[];
}

/** An inference session of ONNX Runtime. */
export interface OrtSession {
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  release?(): Promise<void>;
}

/** What shapecast uses of an ONNX Runtime module (`onnxruntime-node`, `onnxruntime-web`). */
export interface OnnxRuntime {
  readonly InferenceSession: { create(model: Uint8Array, options?: object): Promise<OrtSession> };
  readonly Tensor: new (type: string, data: ArrayBufferView, dims: readonly number[]) => OrtTensor;
}

export interface OnnxSessionOptions extends OnnxExportOptions {
  /** The ONNX Runtime module: `onnxruntime-node` by default; pass `onnxruntime-web`'s in a browser. */
  readonly runtime?: OnnxRuntime;
  /** ONNX Runtime's session options, as given: `{ executionProviders: ["cuda"] }`, `{ intraOpNumThreads: 4 }`, ... */
  readonly sessionOptions?: object;
}

/** The runner: the function's arguments and results, with the model and session it runs. */
export type OnnxSessionRunner<A extends readonly unknown[], R> = OnnxRunner<A, R> & {
  /** The exported model's bytes. */
  readonly model: Uint8Array;
  /** The ONNX Runtime session. */
  readonly session: OrtSession;
  /** Frees the session's native resources. */
  release(): Promise<void>;
};

const RUNTIME_MODULE = "onnxruntime-node";

async function defaultRuntime(op: string): Promise<OnnxRuntime> {
  try {
    // a name in a variable: bundlers for the browser leave the Node runtime out
    const name = RUNTIME_MODULE;
    const loaded = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as { default?: OnnxRuntime } & OnnxRuntime;
    return loaded.InferenceSession === undefined && loaded.default !== undefined ? loaded.default : loaded;
  } catch (error) {
    throw new TypeError(
      `${op}: could not load onnxruntime-node (${(error as Error).message.split("\n")[0]}); install it (npm install onnxruntime-node), or pass options.runtime, e.g. onnxruntime-web's module in a browser`,
    );
  }
}

/** An argument checked against its input: a tensor of its dtype, its fixed sizes, each symbolic name one size. */
function checkArgument(op: string, index: number, value: unknown, input: ExportedModel["inputs"][number], seen: Map<string, number>): Tensor {
  if (!(value instanceof Tensor)) throw new TypeError(`${op}: argument ${index} (${input.name}) must be a Tensor, got ${describe(value)}`);
  if (value.dtype !== input.dtype) throw new TypeError(`${op}: argument ${index} (${input.name}) has dtype ${value.dtype}; the model takes ${input.dtype}: cast it, e.g. x.cast("${input.dtype}")`);
  const shown = `[${input.sizes.map((s) => (s === null ? "?" : String(s))).join(", ")}]`;
  const misfit = (detail: string): never => {
    throw new ShapeError(`${op}: argument ${index} (${input.name}) has shape ${showShape(value.shape)}; the model takes ${shown}: ${detail}`, {
      code: "rank",
      op,
      mode: "none",
      a: [...value.shape],
      b: input.sizes.map((s) => (typeof s === "number" ? s : -1)),
    });
  };
  if (value.shape.length !== input.sizes.length) misfit(`rank ${value.shape.length} where it needs ${input.sizes.length}`);
  input.sizes.forEach((size, axis) => {
    const actual = value.shape[axis]!;
    if (typeof size === "number" && actual !== size) misfit(`axis ${axis} is ${actual} where it needs ${size}`);
    if (typeof size === "string") {
      const before = seen.get(size);
      if (before !== undefined && before !== actual) misfit(`axis ${axis} is ${actual}, but ${size} is ${before} in an earlier argument`);
      seen.set(size, actual);
    }
  });
  return value;
}

/** ONNX Runtime's tensor as a shapecast tensor (its data taken, not copied). */
function fromOrt(op: string, name: string, value: OrtTensor): Tensor {
  const dtype = value.type;
  if (!isDType(dtype)) throw new TypeError(`${op}: output ${name} has ONNX Runtime type ${dtype}, which shapecast does not store (${DTYPES.join(", ")})`);
  return fromStorage(value.data as Tensor["data"], [...value.dims], dtype as DType);
}

/**
 * ONNX Runtime's session of `bytes`. Its graph optimizer may fuse ops into a kernel it has only for
 * some element types (seen: x * sigmoid(x) in float64 fused into com.microsoft's QuickGelu, which
 * the CPU provider lacks for doubles), and then refuses a model that is valid ONNX. Where that is
 * why it refused, and the caller chose no optimization level, the session is made again with the
 * basic level, which fuses nothing across ops.
 */
async function createSession(runtime: OnnxRuntime, bytes: Uint8Array, sessionOptions: object | undefined): Promise<OrtSession> {
  try {
    return await runtime.InferenceSession.create(bytes, sessionOptions);
  } catch (error) {
    const fused = error instanceof Error && /Failed to find kernel for .*Fusion/.test(error.message);
    if (!fused || (sessionOptions !== undefined && "graphOptimizationLevel" in sessionOptions)) throw error;
    return await runtime.InferenceSession.create(bytes, { ...sessionOptions, graphOptimizationLevel: "basic" });
  }
}

/**
 * A runner on ONNX Runtime for `fn`, exported on `inputs` (as `exportOnnx`):
 * `await run(x)` gives what `fn(x)` gives, computed by ONNX Runtime. The
 * runner checks each argument against the model's inputs (dtype, fixed
 * sizes, one size per symbolic name) before running.
 *
 * @example
 * const run = await onnxSession(model, [{ shape: ["batch", 4] }]);
 * const y = await run(x); // typed as model(x): the runner takes fn's own parameter types
 */
export async function onnxSession<const I extends readonly OnnxInput[], F extends (...args: OnnxInputTensors<I>) => OnnxOutputs>(
  fn: F,
  inputs: I,
  options: OnnxSessionOptions = {},
): Promise<OnnxSessionRunner<Parameters<F>, ReturnType<F>>> {
  const op = "onnxSession";
  if (options === null || typeof options !== "object") throw new TypeError(`${op}: options must be an object, got ${describe(options)}`);
  const { runtime: given, sessionOptions, ...exportOptions } = options;
  const exported = exportModel(op, fn as unknown as (...args: never[]) => unknown, inputs, exportOptions);
  const runtime = given ?? (await defaultRuntime(op));
  if (typeof runtime?.InferenceSession?.create !== "function" || typeof runtime.Tensor !== "function") {
    throw new TypeError(`${op}: options.runtime must be an ONNX Runtime module (with InferenceSession and Tensor), got ${describe(runtime)}`);
  }
  const session = await createSession(runtime, exported.bytes, sessionOptions);
  const run = async (...args: unknown[]): Promise<unknown> => {
    if (args.length !== exported.inputs.length) {
      throw new TypeError(`${op}: the model takes ${exported.inputs.length} argument${exported.inputs.length === 1 ? "" : "s"}, got ${args.length}`);
    }
    const seen = new Map<string, number>();
    const feeds: Record<string, OrtTensor> = {};
    exported.inputs.forEach((input, i) => {
      const t = checkArgument(op, i, args[i], input, seen);
      feeds[input.name] = new runtime.Tensor(t.dtype, rowMajorElements(op, t), [...t.shape]);
    });
    const results = await session.run(feeds);
    const tensors = exported.outputs.map((o) => fromOrt(op, o.name, results[o.name]!));
    const { returned } = exported;
    if (returned.kind === "tensor") return tensors[0];
    if (returned.kind === "array") return tensors;
    return Object.fromEntries(returned.keys.map((key, i) => [key, tensors[i]]));
  };
  return Object.assign(run, {
    model: exported.bytes,
    session,
    release: async () => {
      await session.release?.();
    },
  }) as unknown as OnnxSessionRunner<Parameters<F>, ReturnType<F>>;
}
