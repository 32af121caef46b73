/**
 * Creating tensors. The shape of a literal is read by the compiler: hover
 * `image` to see Tensor<[2, 2, 3], "float32">. Run: npx tsx examples/01-creating-tensors.ts
 */
import { arange, eye, full, linspace, ones, random, randn, tensor, zeros } from "shapecast";

const image = tensor([
  [[255, 0, 0], [0, 255, 0]],
  [[0, 0, 255], [255, 255, 255]],
]);
console.log("from nested arrays:", String(image));

// flat values plus a shape; a typed array keeps its dtype
console.log("from flat data:", String(tensor([1, 2, 3, 4, 5, 6], [2, 3])));
console.log("from an Int32Array:", String(tensor(new Int32Array([1, 2, 3, 4]), [2, 2])));

console.log("zeros:", String(zeros([2, 3])));
console.log("ones (uint8):", String(ones([4], "uint8")));
console.log("full:", String(full([2, 2], 7)));
console.log("arange:", String(arange(0, 1, 0.25)));
console.log("linspace:", String(linspace(0, 1, 5)));
console.log("eye:", String(eye(3)));

// seeded: the same numbers on every run and platform
console.log("random:", String(random([2, 3], { seed: 7 })));
console.log("randn:", String(randn([2, 3], { seed: 7 })));

// large tensors are summarised, the shape is always shown
console.log("summarised:", String(arange(10000)));

// a ragged literal is a compile error, and a runtime error with the same text
try {
  // @ts-expect-error -- "tensor: ragged data: data[1] has 1 elements but data[0] has 2 (...)"
  tensor([[1, 2], [3]]);
} catch (error) {
  console.log("ragged:", (error as Error).message);
}
