/**
 * Dtypes and promotion: bool < uint8 < int32 < float32 < float64; a number
 * is converted to the dtype the op computes in (the tensor's, float32 when
 * fractional next to integers, int32 for an integer next to bool); integer
 * results wrap exactly and truncate as typed arrays do.
 * Run: npx tsx examples/05-dtypes.ts
 */
import { add, cast, div, mod, mul, tensor } from "shapecast";

const ints = tensor([1, 2, 3], [3], { dtype: "int32" });
const floats = tensor([0.5, 0.25, 0.125]);
const flags = tensor([true, false, true]);

console.log("int32 + float32 ->", add(ints, floats).dtype);
console.log("bool + bool ->", add(flags, flags).dtype, String(add(flags, flags)));
console.log("int32 * 2 ->", mul(ints, 2).dtype, "; int32 * 0.5 ->", mul(ints, 0.5).dtype);
console.log("int32 / int32 (true division) ->", String(div(ints, ints)));
console.log("int32 overflow wraps:", String(add(tensor([2147483647], [1], { dtype: "int32" }), 1)));
console.log("mod by 0 on int32 is 0:", String(mod(ints, 0)));
console.log("cast to uint8 truncates and wraps:", String(cast(tensor([2.7, -1, 300]), "uint8")));
console.log("cast to bool:", String(cast(tensor([0, 0.5, -2]), "bool")));
