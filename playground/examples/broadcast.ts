// Every broadcasting mode, chosen per call. Change a size below and watch the
// error appear, with the axes aligned and the fix when there is one.
import { add, broadcastTo, tensor, zeros } from "shapecast";

const matrix = tensor([[1, 2, 3], [4, 5, 6]]); // Tensor<[2, 3], "float32">
const row = tensor([10, 20, 30]); // Tensor<[3], "float32">
const column = tensor([100, 200]); // Tensor<[2], "float32">

// NumPy (the default): shapes align at the right, a 1 or a missing axis stretches
console.log("numpy:", String(add(matrix, row)));

// XLA: the smaller operand's axes are named; [0] puts `column` on the rows
console.log("xla [0]:", String(add(matrix, column, { mode: "xla", broadcastDimensions: [0] })));

// OpenVINO PDPD: b is placed into a at `axis`, its trailing 1s ignored
console.log("pdpd axis 1:", add(zeros([2, 3, 4, 5]), zeros([3, 1]), { mode: "pdpd", axis: 1 }).shape);

// OpenVINO NONE: identical shapes only
console.log("none:", String(add(matrix, matrix, { mode: "none" })));

// Broadcasting to a target shape: numpy, bidirectional, explicit
console.log("to [2, 3]:", String(broadcastTo(row, [2, 3])));
console.log("bidirectional:", broadcastTo(tensor([[1], [2]]), [2, 1, 3], { mode: "bidirectional" }).shape);
console.log("explicit:", String(broadcastTo(tensor([1, 2]), [2, 3], { mode: "explicit", axesMapping: [0] })));
