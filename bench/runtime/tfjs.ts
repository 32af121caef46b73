/**
 * tfjs-core, and a case's two operands as tfjs tensors, for the tfjs runners;
 * each runner picks its backend (run-tfjs.ts the CPU one, run-tfjs-wasm.ts
 * WebAssembly) before it runs the cases.
 */
import * as tf from "@tensorflow/tfjs-core";
import { type Case, fill, sizeOf } from "./cases.js";
import { runAll } from "./harness.js";

export { tf };

/** The operands every runner fills the same way (a from 1, b from 2), as float32 tfjs tensors. */
export const tfjsOperands = (c: Pick<Case, "a" | "b">): { a: tf.Tensor; b: tf.Tensor } => ({
  a: tf.tensor(fill(sizeOf(c.a), 1), [...c.a], "float32"),
  b: tf.tensor(fill(sizeOf(c.b), 2), [...c.b], "float32"),
});

/**
 * Times `op` on each case's operands with the backend the runner set (tfjs has
 * no out argument: allocating only), disposing of each result as idiomatic
 * tfjs code does.
 */
export async function runTfjsCases<C extends Case>(library: string, cases: readonly C[], op: (c: C, a: tf.Tensor, b: tf.Tensor) => tf.Tensor): Promise<void> {
  await runAll(
    {
      library,
      prepare: (c, variant) => {
        if (variant === "out") return undefined;
        const { a, b } = tfjsOperands(c);
        return {
          run: () => op(c as C, a, b).dispose(),
          values: () => {
            const r = op(c as C, a, b);
            const values = r.dataSync() as Float32Array;
            r.dispose();
            return values;
          },
        };
      },
    },
    cases,
  );
}
