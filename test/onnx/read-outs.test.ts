/**
 * Tracing refuses value read-outs: while exportOnnx traces a function, reading the values of a
 * tensor computed from its inputs (item, get, toArray, toTypedArray, data, JSON, the writers,
 * Tensor.from, a structured clone) is a TypeError naming the read-out and the way out, since the
 * value would be the example's, baked into the graph. Constants stay readable, printing shows no
 * values, the library's own ops read what they need, and everything is readable again after.
 */
import { describe, expect, it } from "vitest";
import {
  add, div, exp, gather, grad, greater, max, mul, saveSafetensors, stopGradient, sum, type Tensor, Tensor as TensorClass, tensor, toNpy, where,
} from "shapecast";
import { toNpz } from "shapecast/npz";
import { exportOnnx } from "shapecast/onnx";
import { thrown } from "../support/thrown.js";
import { checkOnnx } from "./harness.js";

type Fn = (x: Tensor) => Tensor;

const readOuts: [string, Fn][] = [
  ["x.item()", (x) => (Number(max(x).item()) > 1 ? div(x, max(x)) : mul(x, 1))],
  ["x.get()", (x) => (Number(x.get(0, 0)) > 0 ? add(x, 1) : x)],
  ["x.toArray()", (x) => (x.toArray() as number[][]).flat().reduce((y: Tensor, v) => add(y, v), x)],
  ["x.toTypedArray()", (x) => (x.toTypedArray()[0]! > 0 ? add(x, 1) : x)],
  ["x.data", (x) => (exp(x).data[0]! > 0 ? add(x, 1) : x)],
  ["x.toJSON() (JSON.stringify)", (x) => (JSON.stringify({ x }).length > 0 ? add(x, 1) : x)],
  ["toNpy(x)", (x) => (toNpy(exp(x)).length > 0 ? add(x, 1) : x)],
  ["saveSafetensors", (x) => (saveSafetensors({ x }).length > 0 ? add(x, 1) : x)],
  ["toNpy(x)", (x) => (toNpz({ x }).length > 0 ? add(x, 1) : x)],
  ["Tensor.from(x)", (x) => add(TensorClass.from(x), 1)],
  ["x.data", (x) => add(TensorClass.from(structuredClone(x) as never), 1)],
];

describe("value read-outs while a function is traced for export", () => {
  it.each(readOuts.map(([readOut, fn], i) => [i, readOut, fn] as const))("%i: %s is refused, naming the read-out and the way out", (_, readOut, fn) => {
    for (const dtype of ["float32", "int32"] as const) {
      const error = thrown(() => exportOnnx(fn, [{ shape: ["batch", 2], dtype }]));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe(
        `exportOnnx: ${readOut} reads the values of a tensor computed from the function's inputs while the function is traced; an exported graph is one sequence of ops for every input, so a value read here would be baked in as this example's (a branch taken, a loop count, a number passed on). Compute it with ops instead (for a branch on a value, where(greater(m, 1), div(x, m), x)), or read values outside the exported function`,
      );
    }
  });

  it("a loop count read from an int32 input of a fixed shape, which both traces see as zeros, is refused too", () => {
    const loop = (n: Tensor) => {
      let y = mul(n, 1);
      for (let i = 0; i < sum(n).item(); i++) y = add(y, 1);
      return y;
    };
    expect(thrown(() => exportOnnx(loop, [{ shape: [2], dtype: "int32" }])).message).toMatch(/^exportOnnx: x\.item\(\) reads the values/);
  });

  it("the way out exports and runs: the branch written with where", async () => {
    const branch = (x: Tensor) => {
      const m = max(x);
      return where(greater(m, 1), div(x, m), x);
    };
    await checkOnnx(branch as never, [{ shape: ["batch", 4] }]);
  });

  it("constants stay readable, printing shows no values, stopGradient is the identity, ops read traced indices", async () => {
    let printed = "";
    const fn = (x: Tensor, ids: Tensor) => {
      const scale = tensor([2, 3]);
      printed = String(exp(x));
      const rows = gather(tensor([[1, 2], [3, 4], [5, 6]]), ids, 0);
      return add(mul(stopGradient(x), scale.get(1) as number), rows);
    };
    const specs = [{ shape: ["batch", 2] }, { shape: ["batch"], dtype: "int32" }] as const;
    exportOnnx(fn as never, specs as never);
    expect(printed).toMatch(/^tensor\(<traced>, shape=\[\d, 2\], dtype=float32\)$/);
    const ids = (index: number, shape: number[]) => (index === 1 ? tensor(Array.from({ length: shape[0]! }, (_, i) => i % 3), { dtype: "int32" }) : undefined);
    await checkOnnx(fn as never, specs as never, { make: ids as never });
  });

  it("gives every tensor its data back once the trace ends, and gradients (eager) read values freely", () => {
    let leaked: Tensor | undefined;
    exportOnnx((x: Tensor) => (leaked = exp(x)), [{ shape: ["batch", 2] }]);
    expect(leaked!.data.length).toBe(leaked!.size);
    expect(Object.getOwnPropertyDescriptor(leaked!, "data")!.writable).toBe(true);
    expect(leaked!.toArray()).toHaveLength(leaked!.shape[0]!);
    // a gradient records too, but reads are its caller's business
    const g = grad((p: Tensor) => mul(sum(p), max(p).item()) as Tensor<[]>)(tensor([1, 2], { dtype: "float64" }) as never) as Tensor;
    expect(Array.from(g.toTypedArray())).toEqual([2, 2]);
  });
});
