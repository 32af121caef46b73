/**
 * Every broadcast mode, chosen per call: numpy (default), none, xla with
 * broadcastDimensions, pdpd with an axis. The worked examples of XLA's
 * broadcasting page. Run: npx tsx examples/03-broadcast-modes.ts
 */
import { add, tensor, zeros } from "shapecast";

const matrix = tensor([[1, 2, 3], [4, 5, 6]]);
const vector = tensor([7, 8, 9]);

console.log("numpy:", String(add(matrix, vector)));
// XLA: explicit broadcastDimensions, no magic; [1] maps the vector onto axis 1
console.log("xla [1]:", String(add(matrix, vector, { mode: "xla", broadcastDimensions: [1] })));
// [0] on a 3x3 matrix: row i gets v[i]
console.log("xla [0]:", String(add(zeros([3, 3]), vector, { mode: "xla", broadcastDimensions: [0] })));
// composition: in-dim, then degenerate dims: [4] with [1, 2] -> [4, 2]
console.log("xla composed:", String(add(tensor([1, 2, 3, 4]), tensor([[5, 6]]), { mode: "xla", broadcastDimensions: [0] })));
// PDPD: only b onto a, aligned at axis, trailing 1s of b ignored
console.log("pdpd axis 1:", add(zeros([2, 3, 4, 5]), zeros([3, 1]), { mode: "pdpd", axis: 1 }).shape);
// none: identical shapes only
console.log("none:", String(add(matrix, matrix, { mode: "none" })));

// Misfits: compile errors (hence @ts-expect-error) that throw the same message at run time
const misfits: [string, () => unknown][] = [
  // @ts-expect-error -- ranks differ and no broadcastDimensions: the message lists the valid ones
  ["xla without dims", () => add(matrix, vector, { mode: "xla" })],
  // @ts-expect-error -- rank 2 vs 1; mode "numpy" would broadcast them to [2, 3]
  ["none", () => add(matrix, vector, { mode: "none" })],
  // @ts-expect-error -- only b onto a: a's axis 1 (size 1) vs 7
  ["pdpd", () => add(zeros([8, 1, 6, 1]), zeros([7, 1, 5]), { mode: "pdpd", axis: 1 })],
];
for (const [label, run] of misfits) {
  try {
    run();
  } catch (error) {
    console.log(`${label}:`, (error as Error).message);
  }
}
