/**
 * tfjs-core's add on the backend set: `tf.add(a, b)` then `dispose`, the
 * idiomatic call (tfjs has no out argument). tfjs has no strided views, so
 * case g is `tf.transpose` (which materialises) then `tf.add`.
 */
import { CASES } from "./cases.js";
import { runTfjsCases, tf } from "./tfjs.js";

export async function runTfjs(library: string): Promise<void> {
  await runTfjsCases(library, CASES, (c, a, b) => {
    if (!c.transposeA) return tf.add(a, b);
    const t = tf.transpose(a);
    const r = tf.add(t, b);
    t.dispose();
    return r;
  });
}
