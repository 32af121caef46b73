/** grad, valueAndGrad, vjp and stopGradient: what they return, higher order, and their errors. */
import { describe, expect, it } from "vitest";
import {
  add, exp, grad, greater, matmul, mean, mul, ShapeError, stopGradient, sum, tensor, type Tensor, tidy, valueAndGrad, vjp, where, zeros,
} from "../../src/index.js";
import { thrown } from "../support/thrown.js";
import { recorded } from "../../src/autodiff/tape.js";
import { checkGradient, values } from "./check.js";

// (typed loosely: these tests are about values; test-d/autodiff.test-d.ts checks the types)
const f64 = (data: number[], shape: number[]): Tensor & never => tensor(data, shape as never, { dtype: "float64" }) as never;
const close = (t: Tensor, expected: number[]): void => {
  const got = Array.from(t.toTypedArray() as Float64Array);
  expect(got.length).toBe(expected.length);
  got.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 10));
};

describe("grad", () => {
  it("gives a gradient of the parameters' form: records keep their keys, tuples their order", () => {
    const params = { w: f64([1, 2, 3, 4], [2, 2]), layers: [{ b: f64([0.5, -1], [2]) }] };
    const x = f64([1, -1], [1, 2]);
    const loss = (p: typeof params, input: Tensor): Tensor<[]> => sum(mul(add(matmul(input, p.w), p.layers[0]!.b), 2)) as never;
    const g = grad(loss)(params, x);
    expect(Object.keys(g)).toEqual(["w", "layers"]);
    // d/dw sum(2 (x w + b)) = 2 x^T 1
    close(g.w, [2, 2, -2, -2]);
    close(g.layers[0]!.b, [2, 2]);
    expect((g.w as Tensor).shape).toEqual([2, 2]);
    expect((g.w as Tensor).dtype).toBe("float64");
  });

  it("gives zeros for a parameter the loss does not use, and never a broadcast view", () => {
    const g = grad((p: { used: Tensor; unused: Tensor }) => sum(p.used) as never)({ used: f64([1, 2, 3], [3]), unused: f64([5, 6], [2]) });
    close(g.unused, [0, 0]);
    close(g.used, [1, 1, 1]);
    expect(g.used.strides).toEqual([1]); // sum's gradient is a broadcast of 1, copied out
  });

  it("valueAndGrad gives the loss's value with the gradient", () => {
    const w = f64([1, 2, 3], [3]);
    const { value, grads } = valueAndGrad((p: Tensor) => sum(mul(p, p)) as never)(w);
    expect((value as Tensor).item()).toBe(14);
    close(grads, [2, 4, 6]);
  });

  it("takes higher-order gradients of element-wise and matmul compositions", () => {
    const x = f64([0.5, -1.5, 2], [3]);
    // d2/dx2 sum(x^3) = 6x
    const second = grad((v: Tensor) => sum(grad((u: Tensor) => sum(mul(mul(u, u), u)) as never)(v)) as never)(x);
    close(second, [3, -9, 12]);
    // third order: d3/dx3 sum(exp(x)) = exp(x)
    const inner = (u: Tensor) => sum(exp(u)) as never;
    const third = grad((a: Tensor) => sum(grad((b: Tensor) => sum(grad(inner)(b)) as never)(a)) as never)(x);
    close(third, [0.5, -1.5, 2].map(Math.exp));
    // the gradient of a function of a matmul's gradient agrees with finite differences
    const a = values([3, 2], 11);
    checkGradient("grad of a matmul loss's gradient", ([w, y]) => {
      const dw = grad((p: Tensor) => sum(mul(matmul(y!, p), matmul(y!, p))) as never)(w!);
      return mul(dw, dw);
    }, [values([2, 4], 12), a]);
  });

  it("lets no gradient through stopGradient, and none through comparisons", () => {
    const x = f64([1, -2, 3], [3]);
    close(grad((v: Tensor) => sum(mul(v, stopGradient(v))) as never)(x), [1, -2, 3]);
    // where's condition is a constant: the gradient flows to the chosen branch only
    close(grad((v: Tensor) => sum(where(greater(v, 0), v, mul(v, 3))) as never)(x), [1, 3, 1]);
  });

  it("refuses a loss that is not a scalar, naming the shape and the fix", () => {
    const loss = (p: Tensor): Tensor => mul(p, 2);
    expect(() => grad(loss as never)(f64([1, 2], [2]))).toThrow(ShapeError);
    expect(() => grad(loss as never)(f64([1, 2], [2]))).toThrow("grad: the function must return a scalar (shape []), got shape [2]; reduce it first, e.g. mean(loss), or use vjp for a gradient of a non-scalar output");
    expect(() => grad(((p: Tensor) => sum(p).cast("int32")) as never)(f64([1], [1]))).toThrow("grad: the function must return a float32 or float64 tensor, got int32");
    expect(() => grad((() => 3) as never)(f64([1], [1]))).toThrow(TypeError);
  });

  it("refuses integer parameters and leaves that are not tensors, naming their path", () => {
    const loss = ((p: { a: { b: Tensor } }) => sum(p.a.b)) as never;
    expect(() => grad(loss)({ a: { b: tensor([1, 2], { dtype: "int32" }) } } as never)).toThrow("grad: params.a.b has dtype int32; only float32 and float64 tensors have gradients");
    expect(() => grad(loss)({ a: { b: [1, 2] } } as never)).toThrow("grad: params.a.b[0] must be a Tensor, an array or a plain object of tensors, got number 1");
    expect(() => grad(3 as never)).toThrow("grad: f must be a function, got number 3");
  });

  it("refuses out while recording, and an op that has no gradient yet when the gradient reaches it", () => {
    const x = f64([1, 2], [2]);
    const target = zeros([2], "float64");
    expect(() => grad((v: Tensor) => sum(add(v, v, { out: target } as never)) as never)(x)).toThrow("add: out is not allowed while grad records the ops on its parameters");
    // an op that reports its calls but has no rule (every public op has one, or is a constant)
    const unruled = (v: Tensor): Tensor => recorded("unruled", [v], mul(v, 1));
    expect(() => grad((v: Tensor) => sum(unruled(v)) as never)(x)).toThrow("grad: unruled has no gradient yet");
    // out is fine when no parameter is involved
    const c = f64([3, 4], [2]);
    expect(grad((v: Tensor) => sum(add(v, add(c, c, { out: target } as never))) as never)(x).shape).toEqual([2]);
  });

  it("closes its tape on an error, so later ops are not recorded", () => {
    const x = f64([1, 2], [2]);
    expect(() => grad(((v: Tensor) => { mean(v); throw new Error("inside"); }) as never)(x)).toThrow("inside");
    // an op with out on a former parameter is accepted again
    expect(() => add(x, x, { out: zeros([2], "float64") } as never)).not.toThrow();
  });
});

describe("each leaf of the parameters is a parameter of its own", () => {
  const p = f64([1, 2, 3], [3]);

  it("the same tensor at two leaves: an unused leaf gets zeros, a used one its own gradient", () => {
    const unused = grad((t: { a: Tensor; b: Tensor }) => sum(mul(t.a, 3)) as Tensor<[]>)({ a: p, b: p });
    close(unused.a, [3, 3, 3]);
    close(unused.b, [0, 0, 0]);
    const product = grad((t: { a: Tensor; b: Tensor }) => sum(mul(t.a, t.b)) as Tensor<[]>)({ a: p, b: p });
    close(product.a, [1, 2, 3]); // d/da sum(a b) = b, not 2p
    close(product.b, [1, 2, 3]);
    const nested = grad((t: [Tensor, { q: Tensor }]) => sum(mul(t[0], 2)) as Tensor<[]>)([p, { q: p }]);
    close(nested[0], [2, 2, 2]);
    close(nested[1].q, [0, 0, 0]);
    const { grads } = valueAndGrad((t: Tensor[]) => sum(mul(t[0]!, t[1]!)) as Tensor<[]>)([p, p, p]);
    close(grads[2]!, [0, 0, 0]);
    const pulled = vjp((t: { a: Tensor; b: Tensor }) => mul(t.a, 3), { a: p, b: p }).vjp(f64([1, 1, 1], [3]));
    close(pulled.a, [3, 3, 3]);
    close(pulled.b, [0, 0, 0]);
  });

  it("a tensor one leaf holds counts as that leaf wherever the function reaches it; one two leaves hold is a constant elsewhere", () => {
    // reached through a closure, as TensorFlow.js's minimize is written: the leaf's own (2p: p * p)
    close(grad((t: Tensor) => sum(mul(t, p)) as Tensor<[]>)(p), [2, 4, 6]);
    close(grad((_: Tensor) => sum(mul(p, p)) as Tensor<[]>)(p), [2, 4, 6]);
    // held by two leaves: each leaf its own uses, the closure's p a constant
    const g = grad((t: { a: Tensor; b: Tensor }) => sum(mul(t.a, p)) as Tensor<[]>)({ a: p, b: p });
    close(g.a, [1, 2, 3]);
    close(g.b, [0, 0, 0]);
  });

  it("holds at higher order: the second derivative of sum(a b) along a with b the same tensor is 0", () => {
    const inner = (t: { a: Tensor; b: Tensor }) => sum(mul(t.a, t.b)) as Tensor<[]>;
    const second = grad((t: { a: Tensor; b: Tensor }) => sum(grad(inner)(t).a) as Tensor<[]>)({ a: p, b: p });
    close(second.a, [0, 0, 0]);
    close(second.b, [1, 1, 1]);
  });

  it("a parameter that was disposed is refused, naming its path", () => {
    const gone = f64([1], [1]) as Tensor;
    gone.dispose();
    expect(() => grad((t: { w: Tensor }) => sum(t.w) as Tensor<[]>)({ w: gone })).toThrow(/^grad: params\.w was disposed/);
  });
});

describe("tidy inside a function being differentiated", () => {
  const p = f64([0.5, 1], [2]);
  const e = [Math.exp(0.5), Math.exp(1)];

  it("keeps what the gradient needs: its result's scope frees the rest, the enclosing one the kept", () => {
    close(grad((q: Tensor) => tidy(() => sum(exp(q))) as Tensor<[]>)(p), e);
    const c = f64([3, 4], [2]);
    const nested = grad((q: Tensor) => tidy(() => sum(mul(tidy(() => mul(exp(q), 2)), c))) as Tensor<[]>)(p);
    close(nested, [6 * e[0]!, 8 * e[1]!]);
    // a constant made inside the scope is kept too: the backward pass of mul reads it
    close(grad((q: Tensor) => sum(exp(tidy(() => mul(q, f64([3, 4], [2]))))) as Tensor<[]>)(p), [3 * Math.exp(1.5), 4 * Math.exp(4)]);
    // and an enclosing tidy around the whole gradient frees all of it but the gradient
    let inner: Tensor | undefined;
    const g = tidy(() => grad((q: Tensor) => tidy(() => sum((inner = exp(q)))) as Tensor<[]>)(p));
    close(g, e);
    expect([g.isDisposed, inner!.isDisposed]).toEqual([false, true]);
    // higher order
    close(grad((q: Tensor) => sum(grad((r: Tensor) => tidy(() => sum(mul(mul(r, r), r))) as Tensor<[]>)(q)) as Tensor<[]>)(p), [3, 6]);
  });

  it("a tensor the function disposes itself is named by the gradient, not by an op of the backward pass", () => {
    const error = thrown(() =>
      grad((q: Tensor) => {
        const y = exp(q) as Tensor;
        const loss = sum(mul(y, y));
        y.dispose();
        return loss as Tensor<[]>;
      })(p),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      "grad: a tensor the gradient needs was disposed (an argument of mul, the function's op 2); the backward pass reads it. Do not dispose() tensors inside the function (a tidy there keeps what the gradient needs by itself)",
    );
    // vjp's function pulled after a tidy around vjp() ended
    const pulled = tidy(() => vjp((q: Tensor) => exp(mul(q, 2)), p));
    expect(thrown(() => pulled.vjp(f64([1, 1], [2]))).message).toMatch(/^vjp: a tensor the gradient needs was disposed .*, and call vjp's function before a tidy around vjp\(\) ends$/);
  });
});

describe("vjp", () => {
  it("pulls a cotangent back through a non-scalar function, as often as asked", () => {
    const x = f64([1, 2, 3], [3]);
    const { value, vjp: pull } = vjp((v: Tensor) => mul(v, v), x);
    close(value, [1, 4, 9]);
    close(pull(f64([1, 0, 2], [3])), [2, 0, 12]);
    close(pull(f64([1, 1, 1], [3])), [2, 4, 6]);
  });

  it("takes trees of outputs, with cotangents of the output's form", () => {
    const x = f64([1, 2], [2]);
    const { vjp: pull } = vjp((v: Tensor) => ({ twice: mul(v, 2), squares: mul(v, v) }), x);
    close(pull({ twice: f64([1, 1], [2]), squares: f64([1, 1], [2]) }), [4, 6]);
  });

  it("refuses a cotangent of another shape, naming both", () => {
    const { vjp: pull } = vjp((v: Tensor) => mul(v, v), f64([1, 2, 3], [3]));
    expect(() => pull(f64([1, 2], [2]))).toThrow("vjp: cotangent has shape [2] but the result has shape [3]; a cotangent has its output's shape");
  });
});
