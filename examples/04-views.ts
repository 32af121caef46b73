/**
 * Views share the buffer: transpose, permute, slice, expandDims, squeeze,
 * reshape (of contiguous data) and broadcastTo (stride 0) copy nothing.
 * Run: npx tsx examples/04-views.ts
 */
import { arange, broadcastTo, expandDims, permute, reshape, slice, squeeze, tensor, transpose } from "shapecast";

const x = reshape(arange(24), [2, 3, 4]);
console.log("x:", String(x));
console.log("transpose:", transpose(x).shape, "strides", transpose(x).strides);
console.log("permute [2, 0, 1]:", permute(x, [2, 0, 1]).shape);
console.log("x[1, :, ::2]:", String(slice(x, 1, null, { step: 2 })));
console.log("x[:, -1, ::-1]:", String(slice(x, null, -1, { step: -1 })));
console.log("expandDims(x, 0):", expandDims(x, 0).shape);
console.log("squeeze:", squeeze(tensor([[[1], [2]]])).shape);
console.log("reshape [4, -1]:", reshape(x, [4, -1]).shape);

const row = tensor([1, 2, 3]);
const tiled = broadcastTo(row, [2, 3]);
console.log("broadcastTo:", String(tiled), "strides", tiled.strides, "shares the buffer:", tiled.data === row.data);
console.log("bidirectional:", broadcastTo(tensor([[1], [2]]), [2, 1, 3], { mode: "bidirectional" }).shape);
console.log("explicit:", String(broadcastTo(tensor([1, 2]), [2, 3], { mode: "explicit", axesMapping: [0] })));
