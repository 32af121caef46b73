/**
 * Per-channel image normalization on an NCHW batch: subtract each channel's
 * mean and divide by its standard deviation. The [3] statistics line up with
 * axis 1 of [N, 3, H, W]; NumPy's rule aligns from the right, so the example
 * names the axis instead, with OpenVINO's PDPD mode (`axis: 1`) and XLA's
 * `broadcastDimensions: [1]`. Both are checked at compile time, in generic
 * code too.
 * Run: npm run example:image
 */
import { abs, div, max, mean, random, reshape, std, sub, tensor, type Tensor } from "shapecast";

const images = random([8, 3, 32, 32], { seed: 5 }).mul(255); // 8 RGB images, 32x32, values 0..255
const channelMean = mean(images, [0, 2, 3]); // Tensor<[3], "float32">
const channelStd = std(images, [0, 2, 3]); // Tensor<[3], "float32">
console.log("per-channel mean:", String(channelMean));
console.log("per-channel std:", String(channelStd));

/** Written once for any NCHW sizes; statistics of another channel count are a compile error at the call. */
function normalize<N extends number, C extends number, H extends number, W extends number>(
  image: Tensor<[N, C, H, W], "float32">,
  mean: Tensor<[C], "float32">,
  std: Tensor<[C], "float32">,
): Tensor<[N, C, H, W], "float32"> {
  // PDPD: the second operand's axes start at `axis` of the first
  const centered = sub(image, mean, { mode: "pdpd", axis: 1 });
  // XLA: the second operand's axis 0 maps to axis 1 of the first
  return div(centered, std, { mode: "xla", broadcastDimensions: [1] });
}

const normalized = normalize(images, channelMean, channelStd); // Tensor<[8, 3, 32, 32], "float32">
console.log("normalized:", normalized.shape, normalized.dtype);
console.log("mean after:", String(mean(normalized, [0, 2, 3])));
console.log("std after:", String(std(normalized, [0, 2, 3])));

// the same with NumPy's rule needs the statistics reshaped to [3, 1, 1]
const viaNumpy = div(sub(images, reshape(channelMean, [3, 1, 1])), reshape(channelStd, [3, 1, 1]));
console.log("pdpd/xla and numpy agree:", max(abs(sub(normalized, viaNumpy))).item() < 1e-5);

// ImageNet statistics for 3 channels applied to a 4-channel (RGBA) batch:
// a compile error naming the axis, and the same message at run time
const imagenetMean = tensor([0.485, 0.456, 0.406]);
try {
  // @ts-expect-error -- "sub (pdpd): axis 1 has 4 vs 3; ..."
  sub(random([2, 4, 8, 8]), imagenetMean, { mode: "pdpd", axis: 1 });
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
try {
  // @ts-expect-error -- the statistics must have the image's channel count
  normalize(random([2, 4, 8, 8]), imagenetMean, tensor([0.229, 0.224, 0.225]));
} catch (error) {
  console.log("misfit in normalize:", (error as Error).message);
}
