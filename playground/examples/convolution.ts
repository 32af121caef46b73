// A convolution block on NHWC images: conv2d 3x3 "same", a bias per channel,
// relu, then 2x2 max pooling halves height and width. Change the filter's
// input channels (the 3rd size of `filters`) to see the error.
import { conv2d, maxPool2d, random, relu, tensor } from "shapecast";

const images = random([2, 8, 8, 3], { seed: 1 }); // 2 images, 8x8, 3 channels
const filters = random([3, 3, 3, 4], { seed: 2 }).sub(0.5); // 3x3, 3 -> 4 channels
const bias = tensor([0.1, 0, -0.1, 0.2]);

const features = relu(conv2d(images, filters, { padding: "same" }).add(bias)); // [2, 8, 8, 4]
const pooled = maxPool2d(features, { size: 2 }); // [2, 4, 4, 4]

console.log("features:", features.shape);
console.log("pooled:", pooled.shape);
console.log("valid padding:", conv2d(images, filters).shape);
console.log("strided:", conv2d(images, filters, { strides: 2, padding: "same" }).shape);
console.log("largest value kept:", pooled.max().item() === features.max().item());
