/**
 * tfjs-core's add on the backend set: `tf.add(a, b)` then `dispose`, the
 * idiomatic call (tfjs has no out argument). tfjs has no strided views, so
 * case g is `tf.transpose` (which materialises) then `tf.add`.
 */
import { CASES } from "./cases.js";
import { runAll } from "./harness.js";
import { tf, tfjsOperands } from "./tfjs.js";

export async function runTfjs(library: string): Promise<void> {
  await runAll(
    {
      library,
      prepare: (c, variant) => {
        if (variant === "out") return undefined;
        const { a, b } = tfjsOperands(c);
        let last: Float32Array = new Float32Array(0);
        const run = c.transposeA
          ? () => {
              const t = tf.transpose(a);
              const r = tf.add(t, b);
              t.dispose();
              return r;
            }
          : () => tf.add(a, b);
        return {
          run: () => {
            const r = run();
            r.dispose();
          },
          values: () => {
            const r = run();
            last = r.dataSync() as Float32Array;
            r.dispose();
            return last;
          },
        };
      },
    },
    CASES,
  );
}
