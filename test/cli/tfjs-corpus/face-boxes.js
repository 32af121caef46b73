// Box format conversions around non-maximum suppression (ESM JavaScript).
import * as tf from "@tensorflow/tfjs-core";

/** [N, 4] center-size boxes (cy, cx, h, w) to corners (y1, x1, y2, x2). */
export function centersToCorners(boxes) {
  return tf.tidy(() => {
    const [cy, cx, h, w] = tf.split(boxes, 4, 1);
    const halfH = tf.div(h, 2);
    const halfW = tf.div(w, 2);
    return tf.concat([tf.sub(cy, halfH), tf.sub(cx, halfW), tf.add(cy, halfH), tf.add(cx, halfW)], 1);
  });
}

/** Boxes scaled from the model's input size back to the image's. */
export function scaleBoxes(boxes, scaleY, scaleX) {
  return tf.mul(boxes, [scaleY, scaleX, scaleY, scaleX]);
}

/** Boxes clipped to the unit square. */
export function clipBoxes(boxes) {
  return tf.clipByValue(boxes, 0, 1);
}
