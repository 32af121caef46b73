/**
 * Freeing tensors before the collector does: `x.dispose()` and `tidy(fn)`
 * (src/lifetime.ts). A disposed tensor is refused by every op and read-out with
 * a TypeError that says what happened; its views, and what tidy returns, go on
 * working. Where the engine's memory runs, the blocks come back at once:
 * test/kernels/arena.test.ts.
 */
import { describe, expect, it } from "vitest";
import { adam, add, concat, matmul, meanSquaredError, mul, relu, sum, type Tensor, tensor, tidy, transpose, valueAndGrad, zeros } from "shapecast";

/** Large enough to live in the engine's WebAssembly memory where it runs (see README "Speed"). */
const big = (): Tensor<[64, 64], "float32"> => tensor(Float32Array.from({ length: 4096 }, (_, i) => i), [64, 64]);

describe("dispose", () => {
  it("makes every op and read-out refuse the tensor, naming the argument", () => {
    const x = tensor([[1, 2], [3, 4]]);
    x.dispose();
    expect(x.isDisposed).toBe(true);
    const disposed = "was disposed (by dispose() or a tidy() scope); it holds none of its 4 elements. Use it before disposing it, or return it from the tidy callback to keep it";
    const cases: [string, () => unknown, string][] = [
      ["add", () => add(tensor([1, 2]), x), `add: b ${disposed}`],
      ["method", () => x.mul(2), `mul: a ${disposed}`],
      ["sum", () => sum(x), `sum: x ${disposed}`],
      ["matmul", () => matmul(x, x), `matmul: a ${disposed}`],
      ["concat", () => concat([tensor([[0, 0]]), x]), `concat: tensors[1] ${disposed}`],
      ["view", () => transpose(x), `transpose: x ${disposed}`],
      ["out", () => add(tensor([[1, 1], [1, 1]]), 1, { out: x }), `add: out ${disposed}`],
      ["get", () => x.get(0, 0), `get: the tensor ${disposed}`],
      ["toArray", () => x.toArray(), `toArray: the tensor ${disposed}`],
      ["toTypedArray", () => x.toTypedArray(), `toTypedArray: the tensor ${disposed}`],
      ["toJSON", () => JSON.stringify(x), `toJSON: the tensor ${disposed}`],
    ];
    for (const [name, run, message] of cases) {
      expect(run, name).toThrow(TypeError);
      expect(run, name).toThrow(message);
    }
    expect(String(x)).toBe("tensor(<disposed>, shape=[2, 2], dtype=float32)");
    // its data is an empty array of its dtype, as a transferred buffer leaves it
    expect(x.data).toBeInstanceOf(Float32Array);
    expect(x.data.length).toBe(0);
    const resident = big().cast("int32");
    resident.dispose();
    expect(resident.data).toBeInstanceOf(Int32Array);
    expect(resident.data.length).toBe(0);
    expect(() => resident.sum()).toThrow("sum: x was disposed");
  });

  it("leaves the views of the tensor working, in and out of the engine's memory", () => {
    for (const x of [tensor([[1, 2, 3], [4, 5, 6]]), big()]) {
      const view = transpose(x);
      const expected = view.toArray();
      x.dispose();
      expect(view.isDisposed).toBe(false);
      expect(view.toArray()).toEqual(expected);
      // a new result does not take the view's elements' place
      const other = add(zeros(view.shape as number[]), 7);
      expect(view.toArray()).toEqual(expected);
      expect(other.get(0, 0)).toBe(7);
    }
  });

  it("twice does nothing more; an empty tensor and a scalar are disposed alike", () => {
    const x = big();
    x.dispose();
    x.dispose();
    expect(x.isDisposed).toBe(true);
    const empty = zeros([0, 3]);
    empty.dispose();
    expect(empty.isDisposed).toBe(true);
    const scalar = tensor(5);
    scalar.dispose();
    expect(() => scalar.item()).toThrow("item: the tensor was disposed");
  });
});

describe("tidy", () => {
  it("disposes what fn made and keeps what it returns, with its views' elements", () => {
    const a = big();
    let inner: Tensor | undefined;
    const kept = tidy(() => {
      inner = mul(a, 2);
      return transpose(relu(inner)); // a view of a tensor the scope disposes
    });
    expect(inner!.isDisposed).toBe(true);
    expect(a.isDisposed).toBe(false); // made before the scope
    expect(kept.isDisposed).toBe(false);
    expect(kept.get(3, 1)).toBe(2 * (64 + 3));
  });

  it("keeps tensors returned in arrays and plain objects, at any depth", () => {
    const made: Tensor[] = [];
    const result = tidy(() => {
      const t = (n: number) => {
        const x = tensor([n]);
        made.push(x);
        return x;
      };
      const dropped = t(0);
      return { first: t(1), rest: [t(2), { deep: t(3) }] as const, count: 3, same: dropped === made[0] ? undefined : dropped };
    });
    expect(made.map((t) => t.isDisposed)).toEqual([true, false, false, false]);
    expect(result.first.item() + result.rest[0].item() + result.rest[1].deep.item()).toBe(6);
  });

  it("nests: what an inner scope returns belongs to the outer one", () => {
    let fromInner: Tensor | undefined;
    const outer = tidy(() => {
      fromInner = tidy(() => add(tensor([1, 2]), 1));
      expect(fromInner.isDisposed).toBe(false);
      return sum(fromInner);
    });
    expect(fromInner!.isDisposed).toBe(true);
    expect(outer.item()).toBe(5);
  });

  it("disposes what fn made when it throws, and the error goes on", () => {
    let made: Tensor | undefined;
    expect(() =>
      tidy(() => {
        made = tensor([1, 2]);
        return add(made, tensor([1, 2, 3]));
      }),
    ).toThrow("add (numpy): axis 0 has 2 vs 3; cannot broadcast [2] with [3]");
    expect(made!.isDisposed).toBe(true);
  });

  it("refuses a function that is not one, and a promise", async () => {
    expect(() => tidy(5 as never)).toThrow(new TypeError("tidy: fn must be a function, got number 5"));
    let made: Tensor | undefined;
    const run = () =>
      tidy(async () => {
        made = tensor([1]);
        return made;
      });
    expect(run).toThrow(TypeError);
    expect(run).toThrow("tidy: fn returned a promise; tidy frees tensors when fn returns, so fn must be synchronous");
    expect(made!.isDisposed).toBe(false); // left to the collector, not freed under the async code
    // after a refused scope, tensors are made outside any scope again
    const after = tensor([1]);
    tidy(() => 0);
    expect(after.isDisposed).toBe(false);
  });
});

describe("a training loop in tidy (docs/training.md, Long loops)", () => {
  it("trains, each step's intermediates freed, the previous parameters and state disposed", () => {
    const x = tensor(Float32Array.from({ length: 64 * 8 }, (_, i) => Math.sin(i)), [64, 8]);
    const y = tensor(Float32Array.from({ length: 64 }, (_, i) => Math.cos(i)), [64, 1]);
    type Params = { w: Tensor<[8, 1], "float32">; b: Tensor<[1], "float32"> };
    let params: Params = { w: tensor(new Float32Array(8).fill(0.1), [8, 1]), b: tensor([0]) };
    const loss = (p: Params, xs: typeof x, ys: typeof y) => meanSquaredError(matmul(xs, p.w).add(p.b), ys);
    const step = valueAndGrad(loss);
    const opt = adam({ lr: 0.05 });
    let state = opt.init(params);
    const losses: number[] = [];
    const first = params;
    for (let i = 0; i < 20; i++) {
      const next = tidy(() => {
        const { value, grads } = step(params, x, y);
        losses.push(value.item());
        return opt.step(params, grads, state);
      });
      for (const t of [...Object.values(params), ...Object.values(state.m), ...Object.values(state.v)]) t.dispose();
      ({ params, state } = next);
    }
    expect(first.w.isDisposed).toBe(true);
    expect(params.w.isDisposed).toBe(false);
    expect(losses[19]).toBeLessThan(losses[0]!);
  });
});
