/** Training at the type level: a gradient has its parameters' type, losses and optimizer states are typed. */
import { expectTypeOf } from "expect-type";
import {
  adam, grad, matmul, mean, meanSquaredError, relu, sgd, softmaxCrossEntropy, stopGradient, sum, type Tensor, valueAndGrad, vjp, zeros,
} from "shapecast";

interface Mlp {
  w1: Tensor<[4, 16], "float32">;
  b1: Tensor<[16], "float32">;
  w2: Tensor<[16, 3], "float32">;
}
declare const params: Mlp;
declare const x: Tensor<[8, 4], "float32">;
declare const labels: Tensor<[8], "int32">;

const loss = (p: Mlp, input: Tensor<[8, 4], "float32">, y: Tensor<[8], "int32">) => {
  const hidden = relu(matmul(input, p.w1).add(p.b1));
  return softmaxCrossEntropy(matmul(hidden, p.w2), y);
};
expectTypeOf(loss(params, x, labels)).toEqualTypeOf<Tensor<[], "float32">>();

// the gradient has exactly the parameters' type, keys and shapes kept
const grads = grad(loss)(params, x, labels);
expectTypeOf(grads).toEqualTypeOf<Mlp>();
expectTypeOf(grads.w1).toEqualTypeOf<Tensor<[4, 16], "float32">>();
const both = valueAndGrad(loss)(params, x, labels);
expectTypeOf(both.value).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(both.grads).toEqualTypeOf<Mlp>();
// a tensor or a tuple of them as the parameters; Tensor<[784, 128]> (any dtype) stays Tensor<[784, 128]>
expectTypeOf(grad((w: Tensor<[784, 128]>) => sum(w))(zeros([784, 128]))).toEqualTypeOf<Tensor<[784, 128]>>();
expectTypeOf(grad((ws: [Tensor<[2]>, Tensor<[3], "float64">]) => sum(ws[0]))([zeros([2]), zeros([3], "float64")])).toEqualTypeOf<[Tensor<[2]>, Tensor<[3], "float64">]>();
// higher order
expectTypeOf(grad((w: Tensor<[3]>) => sum(grad((v: Tensor<[3]>) => sum(v.mul(v).mul(v)))(w)))(zeros([3]))).toEqualTypeOf<Tensor<[3]>>();

// @ts-expect-error -- a loss must be a scalar: the result here has shape [8, 3]
grad((p: Mlp) => matmul(relu(matmul(x, p.w1)), p.w2));
// @ts-expect-error -- only float tensors have gradients
grad((p: { w: Tensor<[3], "int32"> }) => sum(p.w.cast("float32")));
// @ts-expect-error -- the gradient is called with the parameters' type
grad(loss)({ w1: zeros([4, 16]), b1: zeros([16]) }, x, labels);

// vjp: any output, the cotangent shaped as the output
const pulled = vjp((w: Tensor<[2, 3], "float32">) => matmul(x.slice({ stop: 2 }).T, w), zeros([2, 3]));
expectTypeOf(pulled.value).toEqualTypeOf<Tensor<[4, 3], "float32">>();
expectTypeOf(pulled.vjp(zeros([4, 3]))).toEqualTypeOf<Tensor<[2, 3], "float32">>();
// @ts-expect-error -- the cotangent has the output's shape
pulled.vjp(zeros([3, 4]));
expectTypeOf(stopGradient(x)).toEqualTypeOf<Tensor<[8, 4], "float32">>();

// losses: integer labels have the logits' shape without the classes; probabilities the logits' shape
declare const logits: Tensor<[8, 3], "float32">;
expectTypeOf(softmaxCrossEntropy(logits, zeros([8, 3]))).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(softmaxCrossEntropy(logits, labels, { reduction: "none" })).toEqualTypeOf<Tensor<[8], "float32">>();
// @ts-expect-error -- labels of shape [3] for logits [8, 3]
softmaxCrossEntropy(logits, zeros([3], "int32"));
expectTypeOf(meanSquaredError(logits, zeros([8, 3]))).toEqualTypeOf<Tensor<[], "float32">>();
// @ts-expect-error -- predictions and targets must have one shape
meanSquaredError(logits, zeros([8]));

// optimizers: the state is typed from the parameters, a step gives the same types back
const opt = adam({ lr: 1e-3, weightDecay: 0.01 });
const state = opt.init(params);
expectTypeOf(state.m).toEqualTypeOf<Mlp>();
const next = opt.step(params, grads, state);
expectTypeOf(next.params).toEqualTypeOf<Mlp>();
expectTypeOf(next.state.step).toEqualTypeOf<number>();
const plain = sgd({ lr: 0.1, momentum: 0.9 });
expectTypeOf(plain.step(params, grads, plain.init(params)).params.w2).toEqualTypeOf<Tensor<[16, 3], "float32">>();
// @ts-expect-error -- gradients of other parameters
opt.step(params, { w1: zeros([4, 16]) }, state);
void mean;
