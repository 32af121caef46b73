/**
 * Element-wise ops: binary ops broadcast (NumPy by default), numbers are
 * scalars, `out` writes in place, and each op is also a method.
 * Run: npx tsx examples/02-elementwise-ops.ts
 */
import { add, clip, div, greater, maximum, mul, relu, sigmoid, sqrt, sub, tensor, where, zeros } from "shapecast";

const x = tensor([[1, -2, 3], [-4, 5, -6]]);
const bias = tensor([10, 20, 30]);

console.log("x + bias:", String(add(x, bias))); // [2, 3] + [3] -> [2, 3]
console.log("x * 2 - 1:", String(x.mul(2).sub(1))); // the same ops as methods
console.log("1 - x:", String(sub(1, x))); // operand order is kept whichever side is a scalar
console.log("x / [[1], [2]]:", String(div(x, tensor([[1], [2]]))));
console.log("maximum(x, 0):", String(maximum(x, 0)));
console.log("relu:", String(relu(x)));
console.log("sigmoid:", String(sigmoid(x)));
console.log("sqrt(|x|):", String(sqrt(x.abs())));
console.log("clip:", String(clip(x, -3, 3)));
console.log("x > 0:", String(greater(x, 0)));
console.log("where(x > 0, x, 0):", String(where(greater(x, 0), x, 0)));

// out: no allocation; out may be an input (in place)
const out = zeros([2, 3]);
mul(x, x, { out });
console.log("x * x into out:", String(out));

// a misfit is a compile error at the second operand, with the runtime's message
try {
  // @ts-expect-error -- "add (numpy): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]"
  add(x, tensor([1, 2]));
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
