/** Losses and optimizers: values computed by hand, gradients, and errors naming the argument. */
import { describe, expect, it } from "vitest";
import {
  adam, binaryCrossEntropy, grad, meanSquaredError, sgd, ShapeError, softmaxCrossEntropy, tensor, type Tensor,
} from "../../src/index.js";
import { checkGradient, values } from "./check.js";

const f64 = (data: number[], shape: number[]): Tensor => tensor(data, shape as never, { dtype: "float64" }) as unknown as Tensor;
const list = (t: Tensor): number[] => Array.from(t.toTypedArray() as Float64Array);

describe("losses", () => {
  it("softmaxCrossEntropy: -log softmax at the label, the same from indices and from one-hot rows", () => {
    const logits = f64([1, 2, 3, 1000, 0, -1000], [2, 3]);
    const labels = tensor([2, 1], { dtype: "int32" });
    const row = (xs: number[], k: number): number => {
      const m = Math.max(...xs);
      return -(xs[k]! - m - Math.log(xs.reduce((s, x) => s + Math.exp(x - m), 0)));
    };
    const expected = [row([1, 2, 3], 2), row([1000, 0, -1000], 1)];
    list(softmaxCrossEntropy(logits, labels as never, { reduction: "none" }) as unknown as Tensor).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 12));
    expect((softmaxCrossEntropy(logits, labels as never) as unknown as Tensor).item()).toBeCloseTo((expected[0]! + expected[1]!) / 2, 12);
    const oneHot = f64([0, 0, 1, 0, 1, 0], [2, 3]);
    expect((softmaxCrossEntropy(logits, oneHot as never, { reduction: "sum" }) as unknown as Tensor).item()).toBeCloseTo(expected[0]! + expected[1]!, 12);
  });

  it("softmaxCrossEntropy's gradient is (softmax - one-hot) / batch, and agrees with finite differences", () => {
    const labels = tensor([0, 2, 1], { dtype: "int32" });
    checkGradient("softmaxCrossEntropy", ([x]) => softmaxCrossEntropy(x!, labels as never) as unknown as Tensor, [values([3, 3], 5)]);
    checkGradient("softmaxCrossEntropy, soft labels", ([x, y]) => softmaxCrossEntropy(x!, y! as never) as unknown as Tensor, [values([2, 4], 6), values([2, 4], 7, "unit")]);
    checkGradient("meanSquaredError", ([x, y]) => meanSquaredError(x!, y! as never) as unknown as Tensor, [values([2, 3], 8), values([2, 3], 9)]);
    checkGradient("binaryCrossEntropy", ([x, y]) => binaryCrossEntropy(x!, y! as never) as unknown as Tensor, [values([4], 10), values([4], 11, "unit")]);
  });

  it("binaryCrossEntropy is finite for large logits, and meanSquaredError is the mean square", () => {
    const loss = binaryCrossEntropy(f64([1000, -1000, 0], [3]), f64([1, 0, 1], [3]) as never, { reduction: "none" }) as unknown as Tensor;
    expect(list(loss)).toEqual([0, 0, Math.log(2)]);
    expect((meanSquaredError(f64([1, 2], [2]), f64([3, 5], [2]) as never) as unknown as Tensor).item()).toBe((4 + 9) / 2);
  });

  it("refuses labels that do not fit, naming the argument", () => {
    const logits = f64([1, 2, 3, 4, 5, 6], [2, 3]);
    expect(() => softmaxCrossEntropy(logits, tensor([0, 3], { dtype: "int32" }) as never)).toThrow(
      "softmaxCrossEntropy: labels[1] (row-major) is 3, not a class of the 3 on the logits' last axis (0 to 2)",
    );
    expect(() => softmaxCrossEntropy(logits, tensor([0, 1, 2], { dtype: "int32" }) as never)).toThrow(ShapeError);
    expect(() => softmaxCrossEntropy(logits, tensor([0, 1, 2], { dtype: "int32" }) as never)).toThrow(
      "softmaxCrossEntropy: integer labels have shape [3] but logits [2, 3] need labels of shape [2] (one class index per row), or float labels of the logits' shape",
    );
    expect(() => meanSquaredError(logits, f64([1, 2, 3], [3]) as never)).toThrow("meanSquaredError: predictions has shape [2, 3] but targets has shape [3]; they must match");
    expect(() => meanSquaredError(logits, logits as never, { reduction: "avg" } as never)).toThrow('meanSquaredError: reduction must be "mean", "sum" or "none", got "avg"');
  });
});

describe("optimizers", () => {
  const params = () => ({ w: f64([1, -2], [2]), b: [f64([0.5], [1])] });
  const grads = () => ({ w: f64([0.5, -1], [2]), b: [f64([2], [1])] });

  it("sgd steps by -lr * g; with momentum it keeps a velocity; Nesterov looks ahead", () => {
    const plain = sgd({ lr: 0.1 });
    const one = plain.step(params(), grads(), plain.init(params()));
    expect(list(one.params.w)).toEqual([1 - 0.05, -2 + 0.1]);
    expect(one.state.step).toBe(1);
    expect(one.state.velocity).toBeUndefined();

    const heavy = sgd({ lr: 0.1, momentum: 0.9 });
    let state = heavy.init(params());
    let p = params();
    ({ params: p, state } = heavy.step(p, grads(), state));
    ({ params: p, state } = heavy.step(p, grads(), state));
    // v1 = g, v2 = 0.9 g + g: p = p0 - 0.1 (g + 1.9 g)
    expect(list(p.b[0]!)[0]).toBeCloseTo(0.5 - 0.1 * 2 * 2.9, 12);
    expect(list(state.velocity!.w)).toEqual([0.5 * 1.9, -1 * 1.9]);

    const nesterov = sgd({ lr: 0.1, momentum: 0.9, nesterov: true });
    const n1 = nesterov.step(params(), grads(), nesterov.init(params()));
    expect(list(n1.params.w)[0]).toBeCloseTo(1 - 0.1 * (0.5 + 0.9 * 0.5), 12);
  });

  it("adam's first step moves each parameter by about lr against its gradient's sign; AdamW also decays", () => {
    const opt = adam({ lr: 0.01 });
    const first = opt.step(params(), grads(), opt.init(params()));
    list(first.params.w).forEach((v, i) => expect(v).toBeCloseTo([1 - 0.01, -2 + 0.01][i]!, 6));
    expect(first.state.step).toBe(1);
    // m = (1 - beta1) g
    list(first.state.m.w).forEach((v, i) => expect(v).toBeCloseTo([0.1 * 0.5, 0.1 * -1][i]!, 15));
    const decayed = adam({ lr: 0.01, weightDecay: 0.1 }).step(params(), grads(), opt.init(params()));
    expect(list(decayed.params.w)[0]).toBeCloseTo(1 * (1 - 0.001) - 0.01, 6);
  });

  it("trains: a least-squares fit converges with either optimizer", () => {
    const x = values([16, 3], 21);
    const trueW = f64([1, -2, 0.5], [3, 1]);
    const y = x.matmul(trueW as never) as unknown as Tensor;
    const loss = (p: { w: Tensor }) => meanSquaredError(x.matmul(p.w as never) as unknown as Tensor, y as never);
    for (const opt of [sgd({ lr: 0.1, momentum: 0.9 }), adam({ lr: 0.05 })] as const) {
      let p = { w: f64([0, 0, 0], [3, 1]) };
      let state = opt.init(p) as never;
      for (let i = 0; i < 300; i++) ({ params: p, state } = (opt.step as (...a: unknown[]) => { params: typeof p; state: never })(p, grad(loss as never)(p), state));
      list(p.w).forEach((v, i) => expect(v).toBeCloseTo([1, -2, 0.5][i]!, 3));
    }
  });

  it("refuses bad options, and gradients or state that do not fit the parameters", () => {
    expect(() => sgd({} as never)).toThrow("sgd: lr is required, e.g. sgd({ lr: 0.01 })");
    expect(() => sgd({ lr: -1 })).toThrow("sgd: lr must be in [0, Infinity], got -1");
    expect(() => sgd({ lr: 0.1, nesterov: true })).toThrow("sgd: nesterov needs a momentum above 0");
    expect(() => adam({ lr: 0.1, beta1: 1 })).toThrow("adam: beta1 must be in [0, 1), got 1");
    expect(() => adam({ lr: 0.1, betas: [0.9, 0.99] } as never)).toThrow(TypeError);
    const opt = adam({ lr: 0.1 });
    const state = opt.init(params());
    expect(() => opt.step(params(), { w: f64([1, 2, 3], [3]), b: [f64([1], [1])] }, state)).toThrow("adam.step: grads.w has shape [3] but params.w has shape [2]");
    expect(() => opt.step(params(), { w: f64([1, 2], [2]) } as never, state)).toThrow("adam.step: grads has 1 tensors but params has 2");
    expect(() => opt.step(params(), grads(), {} as never)).toThrow("adam.step: state has no step");
  });
});
