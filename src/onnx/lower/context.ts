/**
 * What a lowering sees: the op call it turns into ONNX nodes, and a context
 * to name its inputs, add nodes and constants, and say which value each of
 * the call's result tensors is.
 *
 * A lowering is a function of the call alone (its arguments and its result's
 * shapes and dtypes); sizes that are symbolic in the exported graph are
 * known through `dims`, so a lowering that needs a size writes it so that
 * it holds for every size (`0` and `-1` in a Reshape, `Shape` nodes), or the
 * export finds that its graph changes with the size and says so.
 */
import type { DType } from "../../dtype.js";
import type { Tensor } from "../../tensor.js";
import type { Attributes } from "../graph.js";
import type { Call } from "../trace.js";
import type { OnnxSize } from "../../../types/onnx.js";

/** A size in the exported graph: fixed, symbolic with a name (`"batch"`), or symbolic without one (`null`); as an input spec writes it. */
export type GraphSize = OnnxSize;

export interface LowerContext {
  /** The opset being written (17 by default). */
  readonly opset: number;
  /** The value name of a tensor (an input, an earlier node's output, or a constant it adds). */
  value(t: Tensor): string;
  /** A plain number as a scalar constant of `dtype`. */
  scalar(value: number, dtype: DType): string;
  /** A 1-D int64 constant. */
  int64s(values: readonly number[]): string;
  /** Adds a node; returns the names of its outputs. */
  node(opType: string, inputs: readonly string[], attributes?: Attributes, outputs?: number): string[];
  /** Adds a node with one output and returns its name. */
  node1(opType: string, inputs: readonly string[], attributes?: Attributes): string;
  /** `name` converted from `from` to `to` (no node when they are the same). */
  cast(name: string, from: DType, to: DType): string;
  /** The sizes of a tensor in the exported graph. */
  dims(t: Tensor): readonly GraphSize[];
  /** Says that `t` is the value `name`. */
  bind(t: Tensor, name: string): void;
  /** Stops the export: the call cannot be written in ONNX, for `why`. */
  unsupported(why: string): never;
}

export type Lowering = (ctx: LowerContext, call: Call) => void;
