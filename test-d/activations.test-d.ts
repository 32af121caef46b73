/**
 * The activations and value tests at the type level: the shape stays, concrete
 * or generic; float results as `exp` (float64 stays, everything else float32),
 * isNaN/isFinite bool; their own arguments are checked.
 */
import { expectTypeOf } from "expect-type";
import {
  elu, erf, gelu, isFinite, isNaN, leakyRelu, logSigmoid, matmul, silu, softplus, type Tensor, tensor, zeros,
} from "shapecast";

declare function expected<T>(): T;

const m = zeros([2, 3]);
const i = tensor(new Int32Array(6), [2, 3]);
const d = zeros([4], "float64");
const flags = tensor([true, false]);

expectTypeOf(gelu(m)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(gelu(m, { approximate: "tanh" })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(gelu(d, { approximate: "none", out: d })).toEqualTypeOf<Tensor<[4], "float64">>();
expectTypeOf(silu(i)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(softplus(d)).toEqualTypeOf<Tensor<[4], "float64">>();
expectTypeOf(leakyRelu(i)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(leakyRelu(m, 0.2, { out: m })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(elu(d, 1.5)).toEqualTypeOf<Tensor<[4], "float64">>();
expectTypeOf(erf(flags)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(logSigmoid(m)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(isNaN(m)).toEqualTypeOf<Tensor<[2, 3], "bool">>();
expectTypeOf(isFinite(i)).toEqualTypeOf<Tensor<[2, 3], "bool">>();

// as methods
expectTypeOf(m.gelu()).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(d.gelu({ approximate: "tanh" })).toEqualTypeOf<Tensor<[4], "float64">>();
expectTypeOf(i.silu()).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(m.softplus()).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(m.leakyRelu(0.1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(d.elu()).toEqualTypeOf<Tensor<[4], "float64">>();
expectTypeOf(m.erf().logSigmoid()).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(d.isNaN()).toEqualTypeOf<Tensor<[4], "bool">>();
expectTypeOf(flags.isFinite()).toEqualTypeOf<Tensor<[2], "bool">>();

// their own arguments
// @ts-expect-error -- approximate is "none" or "tanh"
gelu(m, { approximate: "tan" });
// @ts-expect-error -- not an option of gelu
gelu(m, { mode: "numpy" });
// @ts-expect-error -- alpha is a number
leakyRelu(m, "0.1");
// @ts-expect-error -- alpha is a number
m.elu({ out: m });
// @ts-expect-error -- silu takes no argument but its options
m.silu(0.5);

// Generic code: the shape's type parameters carry through
function feedForward<B extends number, D extends number, H extends number>(
  x: Tensor<[B, D], "float32">,
  w: Tensor<[D, H], "float32">,
) {
  let hidden = gelu(matmul(x, w));
  hidden = expected<Tensor<[B, H], "float32">>();
  const hidden2: Tensor<[B, H], "float32"> = hidden;
  let approx = matmul(x, w).gelu({ approximate: "tanh" });
  approx = expected<Tensor<[B, H], "float32">>();
  const approx2: Tensor<[B, H], "float32"> = approx;
  let swish = x.silu();
  swish = expected<Tensor<[B, D], "float32">>();
  const swish2: Tensor<[B, D], "float32"> = swish;
  let leaky = leakyRelu(x, 0.2);
  leaky = expected<Tensor<[B, D], "float32">>();
  const leaky2: Tensor<[B, D], "float32"> = leaky;
  let smooth = x.elu().softplus().logSigmoid().erf();
  smooth = expected<Tensor<[B, D], "float32">>();
  const smooth2: Tensor<[B, D], "float32"> = smooth;
  let bad = isNaN(x);
  bad = expected<Tensor<[B, D], "bool">>();
  const bad2: Tensor<[B, D], "bool"> = bad;
  let finite = x.isFinite();
  finite = expected<Tensor<[B, D], "bool">>();
  const finite2: Tensor<[B, D], "bool"> = finite;
  return [hidden2, approx2, swish2, leaky2, smooth2, bad2, finite2] as const;
}
expectTypeOf(feedForward(zeros([8, 16]), zeros([16, 32]))[0]).toEqualTypeOf<Tensor<[8, 32], "float32">>();

/** Generic over the dtype too: float64 stays float64. */
function activate<S extends readonly number[]>(x: Tensor<[...S], "float64">) {
  let y = x.gelu();
  y = expected<Tensor<[...S], "float64">>();
  const y2: Tensor<[...S], "float64"> = y;
  return y2;
}
expectTypeOf(activate(zeros([2, 5], "float64"))).toEqualTypeOf<Tensor<[2, 5], "float64">>();
