/**
 * `exportOnnx(fn, inputs, options)`: a typed function as an ONNX model.
 *
 * The function is traced twice (src/onnx/trace.ts), on example inputs whose
 * symbolic sizes and float values differ between the two traces
 * (src/onnx/spec.ts). Both traces are lowered, op by op, through the
 * lowering table (src/onnx/lower/index.ts); comparing the two traces tells
 * which sizes of every tensor are symbolic, and comparing the two graphs
 * proves the graph holds for every size: a lowering that baked in a size, a
 * constant computed from the inputs outside the recorded ops, or control
 * flow that depends on a size makes them differ, and the export says where
 * instead of writing a graph that is right for one size only.
 */
import type { DType } from "../dtype.js";
import { showShape } from "../errors.js";
import { describe } from "../shape/validate.js";
import { assertAttached, rowMajorElements, Tensor } from "../tensor.js";
import { type Attributes, GraphBuilder } from "./graph.js";
import { lowerings } from "./lower/index.js";
import type { GraphSize, LowerContext } from "./lower/context.js";
import { ELEMENT_TYPE, onnx, type Onnx } from "./proto.js";
import { checkInputs, exampleInputs, type SymbolicSize, symbolicSizes } from "./spec.js";
import { type Call, type Trace, trace, tensorsIn } from "./trace.js";
import type { OnnxInput, OnnxInputTensors, OnnxOutputs, OnnxSize } from "../../types/onnx.js";

export type { OnnxInput, OnnxInputSpec, OnnxInputTensor, OnnxInputTensors, OnnxOutputs, OnnxRunner, OnnxSize, OnnxSpecShape, OnnxSpecSize } from "../../types/onnx.js";

/** The opsets the export writes, and the ONNX IR version each needs. */
const IR_VERSION: Readonly<Record<number, number>> = { 17: 8, 18: 8, 19: 9, 20: 9, 21: 10 };
export const OPSETS = Object.keys(IR_VERSION).map(Number);

export interface OnnxExportOptions {
  /** The ONNX opset (default 17; 17 to 21). */
  readonly opset?: number;
  /** Names of the graph's inputs (default `input`, or `input_0`, `input_1`, ...) and outputs (default `output`, `output_0`, ..., or a returned record's keys). */
  readonly names?: { readonly inputs?: readonly string[]; readonly outputs?: readonly string[] };
  /** The captured tensors to name, as a tree (a record of weights): an initializer gets its path (`layers.0.w`); others are `const`, `const_1`, ... */
  readonly weights?: unknown;
  /** The two example sizes each symbolic size is traced at (default 3 and 5 for the first name, and so on); each at least 2. */
  readonly traceSizes?: Readonly<Record<string, readonly [number, number]>>;
  /** The model's `doc_string`. */
  readonly docString?: string;
}

/** An output of the function: its graph name and its tensor in each trace. */
interface Output {
  readonly name: string;
  readonly tensors: readonly [Tensor, Tensor];
}

/** The function's outputs: a tensor, an array of tensors, or a record of them. */
function outputsOf(op: string, result: readonly [unknown, unknown], names: readonly string[] | undefined): Output[] {
  const [a, b] = result;
  if (a !== null && typeof a === "object" && typeof (a as { then?: unknown }).then === "function") {
    throw new TypeError(`${op}: the function returned a promise; an exported function computes its outputs synchronously`);
  }
  let entries: [string, unknown, unknown][];
  if (a instanceof Tensor) entries = [["output", a, b]];
  else if (Array.isArray(a)) entries = a.map((t, i) => [`output_${i}`, t, (b as unknown[])[i]]);
  else if (a !== null && typeof a === "object") entries = Object.keys(a).map((key) => [key, (a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
  else throw new TypeError(`${op}: the function must return a tensor, an array of tensors or a record of tensors, got ${describe(a)}`);
  if (entries.length === 0) throw new TypeError(`${op}: the function returned no tensors; a graph needs at least one output`);
  for (const [name, t] of entries) {
    if (!(t instanceof Tensor)) throw new TypeError(`${op}: output ${JSON.stringify(name)} must be a tensor, got ${describe(t)}`);
  }
  if (names !== undefined) {
    if (!Array.isArray(names) || names.length !== entries.length) {
      throw new TypeError(`${op}: options.names.outputs must name each of the ${entries.length} output${entries.length === 1 ? "" : "s"}, got ${describe(names)}`);
    }
    entries = entries.map(([, x, y], i) => [names[i]!, x, y]);
  }
  return entries.map(([name, x, y]) => ({ name, tensors: [x as Tensor, y as Tensor] }));
}

function inputNames(op: string, count: number, names: readonly string[] | undefined): string[] {
  if (names === undefined) return count === 1 ? ["input"] : Array.from({ length: count }, (_, i) => `input_${i}`);
  if (!Array.isArray(names) || names.length !== count || !names.every((n) => typeof n === "string" && n.length > 0)) {
    throw new TypeError(`${op}: options.names.inputs must name each of the ${count} input${count === 1 ? "" : "s"} (non-empty strings), got ${describe(names)}`);
  }
  return [...names];
}

/**
 * The tensors of `tree` (records and arrays, nested) by path: `layers.0.w`.
 * Values of other kinds (an epsilon kept next to the weights) are passed over;
 * a tensor reached twice keeps its first name.
 */
function nameWeights(tree: unknown, path: string, names: Map<Tensor, string>, seen: Set<unknown>): void {
  if (tree instanceof Tensor) {
    if (!names.has(tree)) names.set(tree, path === "" ? "weight" : path);
    return;
  }
  if (tree === null || typeof tree !== "object" || seen.has(tree)) return;
  seen.add(tree);
  for (const [key, value] of Object.entries(tree)) nameWeights(value, path === "" ? key : `${path}.${key}`, names, seen);
}

/** The calls whose results the outputs need, walking back from the outputs (an op that another op calls inside itself is left out). */
function neededCalls(t: Trace, outputs: readonly Tensor[]): boolean[] {
  const producer = new Map<Tensor, number>();
  t.calls.forEach((call, index) => {
    const inputs = new Set(tensorsIn(call.args));
    for (const out of call.outputs) if (!inputs.has(out)) producer.set(out, index);
  });
  const needed = t.calls.map(() => false);
  for (const out of outputs) {
    const index = producer.get(out);
    if (index !== undefined) needed[index] = true;
  }
  for (let index = t.calls.length - 1; index >= 0; index--) {
    if (!needed[index]) continue;
    for (const input of tensorsIn(t.calls[index]!.args)) {
      const from = producer.get(input);
      if (from !== undefined && from < index) needed[from] = true;
    }
  }
  return needed;
}

/** The two traces compared: the same ops in the same order, or an error. */
function pairTraces(op: string, a: Trace, b: Trace): Map<Tensor, Tensor> {
  const pairs = new Map<Tensor, Tensor>();
  a.inputs.forEach((t, i) => pairs.set(t, b.inputs[i]!));
  const length = Math.max(a.calls.length, b.calls.length);
  for (let i = 0; i < length; i++) {
    const x = a.calls[i];
    const y = b.calls[i];
    if (x === undefined || y === undefined || x.op !== y.op || x.outputs.length !== y.outputs.length) {
      throw new TypeError(
        `${op}: the function runs different ops for different input sizes or values (op ${i + 1} is ${x?.op ?? "missing"} in one trace and ${y?.op ?? "missing"} in the other): an exported graph is one fixed sequence of ops, so control flow must not depend on a symbolic size or on values`,
      );
    }
    x.outputs.forEach((t, k) => pairs.set(t, y.outputs[k]!));
    const xs = tensorsIn(x.args);
    const ys = tensorsIn(y.args);
    xs.forEach((t, k) => {
      if (!pairs.has(t) && ys[k] !== undefined) pairs.set(t, ys[k]);
    });
  }
  return pairs;
}

interface Lowered {
  readonly graph: GraphBuilder;
  readonly outputSizes: readonly (readonly GraphSize[])[];
}

/** Lowers one trace; `other` pairs its tensors with the other trace's, which tells the symbolic sizes. */
function lowerTrace(
  op: string,
  opset: number,
  t: Trace,
  other: ReadonlyMap<Tensor, Tensor>,
  symbols: ReadonlyMap<string, SymbolicSize>,
  which: 0 | 1,
  names: readonly string[],
  outputs: readonly Output[],
  weightNames: ReadonlyMap<Tensor, string>,
): Lowered {
  const graph = new GraphBuilder();
  for (const name of [...names, ...outputs.map((o) => o.name), ...weightNames.values()]) graph.reserve(name);
  const values = new Map<Tensor, string>();
  t.inputs.forEach((x, i) => values.set(x, names[i]!));
  const followed = new Set<Tensor>(t.inputs);
  for (const call of t.calls) for (const out of call.outputs) followed.add(out);

  const dims = (x: Tensor): GraphSize[] => {
    const y = other.get(x);
    if (y === undefined || !followed.has(x)) return [...x.shape];
    if (y.shape.length !== x.shape.length) {
      throw new TypeError(`${op}: a tensor has rank ${x.shape.length} in one trace and ${y.shape.length} in the other (shapes ${showShape(x.shape)} and ${showShape(y.shape)}); an exported graph has fixed ranks`);
    }
    return x.shape.map((size, axis) => {
      const paired = y.shape[axis]!;
      if (paired === size) return size;
      for (const symbol of symbols.values()) {
        if (symbol.sizes[which] === size && symbol.sizes[1 - which] === paired) return symbol.name;
      }
      return null;
    });
  };

  let current: Call | undefined;
  const ctx: LowerContext = {
    opset,
    value(x: Tensor): string {
      const known = values.get(x);
      if (known !== undefined) return known;
      if (followed.has(x)) throw new Error(`${op}: ${current?.op ?? "an output"} reads a tensor no lowering gave a value (a bug in shapecast: please report it)`);
      // a constant the function disposed (or whose buffer went to a worker) has no elements to write
      assertAttached(op, `a constant ${current?.op ?? "an output"} reads`, x);
      const data = rowMajorElements(op, x);
      const name = graph.initializer(weightNames.get(x) ?? "const", ELEMENT_TYPE[x.dtype], x.shape, data);
      values.set(x, name);
      return name;
    },
    scalar: (value: number, dtype: DType) => graph.scalar(value, dtype),
    int64s: (list: readonly number[]) => graph.int64s(list),
    node: (opType: string, inputs: readonly string[], attributes?: Attributes, count?: number) => graph.node(opType, inputs, attributes, count),
    node1: (opType: string, inputs: readonly string[], attributes?: Attributes) => graph.node(opType, inputs, attributes, 1)[0]!,
    cast(name: string, from: DType, to: DType): string {
      if (from === to) return name;
      return graph.node("Cast", [name], { to: { kind: "int", value: ELEMENT_TYPE[to] } })[0]!;
    },
    dims,
    bind(x: Tensor, name: string): void {
      values.set(x, name);
    },
    unsupported(why: string): never {
      throw new TypeError(`${op}: ${current?.op ?? "an op"} cannot be exported to ONNX: ${why}`);
    },
  };

  const needed = neededCalls(t, outputs.map((o) => o.tensors[which]));
  t.calls.forEach((call, index) => {
    if (!needed[index]) return;
    current = call;
    graph.call = index;
    const lowering = lowerings[call.op];
    if (lowering === undefined) {
      throw new TypeError(
        `${op}: ${call.op} has no ONNX lowering yet (op ${index + 1} of the function); the ops that export are listed in docs/onnx.md. Compute it outside the exported function, or export the parts before and after it`,
      );
    }
    lowering(ctx, call);
    for (const out of call.outputs) {
      if (!values.has(out)) throw new Error(`${op}: the lowering of ${call.op} gave no value for one of its results (a bug in shapecast: please report it)`);
    }
  });
  graph.call = -1;
  current = undefined;
  const outputSizes = outputs.map((o) => {
    const x = o.tensors[which];
    graph.output(o.name, ctx.value(x));
    return dims(x);
  });
  return { graph, outputSizes };
}

/** Where the two graphs differ, as an error naming the op; nothing when they are the same. */
function compareGraphs(op: string, a: GraphBuilder, b: GraphBuilder, calls: readonly Call[], symbols: ReadonlyMap<string, SymbolicSize>): void {
  const sizes = (which: 0 | 1): string =>
    [...symbols.values()].map((s, i) => `${s.name ?? `unnamed size ${i + 1}`} = ${s.sizes[which]}`).join(", ") || "the inputs' values differ";
  const fail = (call: number, what: string): never => {
    const name = call >= 0 ? `${calls[call]!.op} (op ${call + 1} of the function)` : "an output";
    throw new TypeError(
      `${op}: ${name} lowers to a different graph when ${sizes(0)} than when ${sizes(1)} (${what}): the graph would be right for one size only. ` +
        `A size read from a tensor's shape and used as a number, or a tensor computed outside shapecast's ops, is baked into the graph; compute it from tensors with ops, or make that size fixed in the input spec`,
    );
  };
  /** The same entries, by their encoded bytes; else `fail` at the call that made the first that differs. */
  const same = <T>(xs: readonly T[], ys: readonly T[], callsX: readonly number[], callsY: readonly number[], encode: (t: T) => Uint8Array, what: string, differs: (t: T) => string): void => {
    for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
      const x = xs[i];
      const y = ys[i];
      if (x === undefined || y === undefined) fail((x === undefined ? callsY : callsX)[i]!, `a different number of ${what}`);
      const bx = encode(x!);
      const by = encode(y!);
      if (bx.length !== by.length || bx.some((v, k) => v !== by[k])) fail(callsX[i]!, differs(x!));
    }
  };
  same(a.nodes, b.nodes, a.nodeCalls, b.nodeCalls, (n) => onnx.NodeProto.encode(n).finish(), "nodes", (n) => `its ${n.opType} node differs`);
  same(a.initializers, b.initializers, a.initializerCalls, b.initializerCalls, (t) => onnx.TensorProto.encode(t).finish(), "constants", (t) => `the constant ${t.name} differs`);
}

const valueInfo = (name: string, dtype: DType, sizes: readonly GraphSize[]): Onnx.IValueInfoProto => ({
  name,
  type: {
    tensorType: {
      elemType: ELEMENT_TYPE[dtype],
      shape: { dim: sizes.map((size) => (typeof size === "number" ? { dimValue: size } : size === null ? {} : { dimParam: size })) },
    },
  },
});

/** What an export knows besides the bytes: the names and kinds of inputs and outputs (for `onnxSession`). */
export interface ExportedModel {
  readonly bytes: Uint8Array;
  readonly inputs: readonly { readonly name: string; readonly dtype: DType; readonly sizes: readonly OnnxSize[] }[];
  readonly outputs: readonly { readonly name: string; readonly dtype: DType }[];
  /** How the function returned its outputs: one tensor, an array, or a record (keyed as `outputs`' names, unless renamed). */
  readonly returned: { readonly kind: "tensor" } | { readonly kind: "array" } | { readonly kind: "record"; readonly keys: readonly string[] };
}

/**
 * The ONNX model of `fn`, traced on `inputs`: one entry per argument, each an
 * example tensor (its shape fixed) or a spec `{ shape, dtype }` whose sizes
 * are numbers (fixed), names (symbolic, kept as `dim_param`; the argument is
 * typed `Dim<"name">`) or `null` (symbolic, unnamed). Tensors the function
 * captures (weights) become initializers; a returned array or record becomes
 * several outputs. The bytes of a `ModelProto`, opset 17 unless `options.opset`.
 *
 * @example
 * const bytes = exportOnnx((x) => relu(matmul(x, w)).softmax(-1), [{ shape: ["batch", 4] }], { weights: { w } });
 */
export function exportOnnx<const I extends readonly OnnxInput[], R extends OnnxOutputs>(
  fn: (...args: OnnxInputTensors<I>) => R,
  inputs: I,
  options: OnnxExportOptions = {},
): Uint8Array {
  return exportModel("exportOnnx", fn as unknown as (...args: never[]) => unknown, inputs, options).bytes;
}

/** `exportOnnx`'s work, for `op` (exportOnnx or onnxSession). */
export function exportModel(op: string, fn: (...args: never[]) => unknown, inputs: unknown, options: OnnxExportOptions = {}): ExportedModel {
  if (typeof fn !== "function") throw new TypeError(`${op}: fn must be a function, got ${describe(fn)}`);
  if (options === null || typeof options !== "object") throw new TypeError(`${op}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!["opset", "names", "weights", "traceSizes", "docString"].includes(key)) throw new TypeError(`${op}: options has the field "${key}"; the fields are opset, names, weights, traceSizes and docString`);
  }
  const opset = options.opset ?? 17;
  if (IR_VERSION[opset] === undefined) throw new RangeError(`${op}: options.opset must be one of ${OPSETS.join(", ")}, got ${describe(opset)}`);
  const checked = checkInputs(op, inputs);
  const symbols = symbolicSizes(op, checked, options.traceSizes);
  const names = inputNames(op, checked.length, options.names?.inputs);
  const weightNames = new Map<Tensor, string>();
  if (options.weights !== undefined) {
    if (options.weights === null || typeof options.weights !== "object") {
      throw new TypeError(`${op}: options.weights must be a tensor or a record (or array) of them, nested as you like, got ${describe(options.weights)}`);
    }
    nameWeights(options.weights, "", weightNames, new Set());
  }

  const run = fn;
  const traces = [trace(op, run, exampleInputs(checked, symbols, 0)), trace(op, run, exampleInputs(checked, symbols, 1))] as const;
  const outputs = outputsOf(op, [traces[0].output, traces[1].output], options.names?.outputs);
  const forward = pairTraces(op, traces[0], traces[1]);
  for (const o of outputs) forward.set(o.tensors[0], o.tensors[1]);
  const backward = new Map([...forward].map(([x, y]) => [y, x] as const));
  const lowered = [
    lowerTrace(op, opset, traces[0], forward, symbols, 0, names, outputs, weightNames),
    lowerTrace(op, opset, traces[1], backward, symbols, 1, names, outputs, weightNames),
  ] as const;
  compareGraphs(op, lowered[0].graph, lowered[1].graph, traces[0].calls, symbols);
  for (const o of outputs) {
    if (o.tensors[0].dtype !== o.tensors[1].dtype) throw new TypeError(`${op}: output ${o.name} has dtype ${o.tensors[0].dtype} in one trace and ${o.tensors[1].dtype} in the other`);
  }

  const { graph } = lowered[0];
  const model: Onnx.IModelProto = {
    irVersion: IR_VERSION[opset]!,
    opsetImport: [{ domain: "", version: opset }],
    producerName: "shapecast",
    docString: options.docString ?? null,
    graph: {
      name: "shapecast",
      node: graph.nodes,
      initializer: graph.initializers,
      input: checked.map((input, i) => valueInfo(names[i]!, input.dtype, input.sizes)),
      output: outputs.map((o, i) => valueInfo(o.name, o.tensors[0].dtype, lowered[0].outputSizes[i]!)),
    },
  };
  const first = traces[0].output;
  return {
    bytes: onnx.ModelProto.encode(model).finish(),
    inputs: checked.map((input, i) => ({ name: names[i]!, dtype: input.dtype, sizes: input.sizes })),
    outputs: outputs.map((o) => ({ name: o.name, dtype: o.tensors[0].dtype })),
    returned: first instanceof Tensor ? { kind: "tensor" } : Array.isArray(first) ? { kind: "array" } : { kind: "record", keys: Object.keys(first as object) },
  };
}
