/**
 * A tensor whose buffer was transferred to another thread (`postMessage(t,
 * [t.data.buffer])`) holds an empty typed array. Every op and read-out refuses
 * it with a TypeError naming the argument, rather than reading `undefined`
 * and computing NaN; printing says what happened.
 */
import { describe, expect, it } from "vitest";
import { add, arange, concat, matmul, reshape, softmax, sum, tensor, type Tensor, where } from "shapecast";

/** `t` after its buffer moved away, as `postMessage` with a transfer list leaves it. */
function detach<T extends Tensor>(t: T): T {
  structuredClone(t.data.buffer, { transfer: [t.data.buffer as ArrayBuffer] });
  expect(t.data.length).toBe(0);
  return t;
}

describe("a tensor whose buffer was transferred away", () => {
  it("is refused by the ops, naming the argument", () => {
    const fresh = () => arange(6, { dtype: "float64" });
    const cases: [string, () => unknown, string][] = [
      ["add", () => add(fresh(), detach(fresh())), "add: b's buffer is detached (transferred to another thread?); it holds none of its 6 elements"],
      ["add, scalar", () => add(detach(fresh()), 1), "add: a's buffer is detached"],
      ["sum", () => sum(detach(fresh())), "sum: x's buffer is detached"],
      ["matmul", () => matmul(detach(reshape(fresh(), [2, 3])), reshape(fresh(), [3, 2])), "matmul: a's buffer is detached"],
      ["softmax", () => softmax(detach(fresh()), -1), "softmax: x's buffer is detached"],
      ["concat", () => concat([fresh(), detach(fresh())]), "concat: tensors[1]'s buffer is detached"],
      ["where", () => where(tensor([true]), detach(fresh()), 0), "where: a's buffer is detached"],
    ];
    for (const [name, run, message] of cases) {
      expect(run, name).toThrow(TypeError);
      expect(run, name).toThrow(message);
    }
  });

  it("is refused by the read-outs, and printed as detached", () => {
    const x = detach(tensor([[1, 2], [3, 4]]));
    expect(() => x.toArray()).toThrow("toArray: the tensor's buffer is detached (transferred to another thread?); it holds none of its 4 elements");
    expect(() => x.toTypedArray()).toThrow("toTypedArray: the tensor's buffer is detached");
    expect(() => x.get(0, 0)).toThrow("get: the tensor's buffer is detached");
    expect(() => detach(tensor([5])).item()).toThrow("item: the tensor's buffer is detached");
    expect(String(x)).toBe("tensor(<buffer detached>, shape=[2, 2], dtype=float32)");
  });

  it("leaves empty tensors alone: nothing to read", () => {
    const empty = tensor([]);
    expect(sum(empty).item()).toBe(0);
    expect(empty.toArray()).toEqual([]);
  });
});
