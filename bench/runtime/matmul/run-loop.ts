/** The plain i-j-k triple loop (a dot product per output element), per matrix of the batch. */
import { fill, sizeOf } from "../cases.js";
import { runAll } from "../harness.js";
import { MATMUL_CASES } from "./cases.js";

await runAll(
  {
    library: "triple loop",
    prepare: (c, variant) => {
      if (variant === "out") return undefined;
      const a = fill(sizeOf(c.a), 1);
      const b = fill(sizeOf(c.b), 2);
      const [m, k] = c.a.slice(-2) as [number, number];
      const n = c.b[1]!;
      const batch = sizeOf(c.a.slice(0, -2));
      let out = new Float32Array(0);
      return {
        run: () => {
          out = new Float32Array(batch * m * n);
          for (let t = 0; t < batch; t++) {
            const ao = t * m * k;
            const oo = t * m * n;
            for (let i = 0; i < m; i++) {
              for (let j = 0; j < n; j++) {
                let sum = 0;
                for (let p = 0; p < k; p++) sum += a[ao + i * k + p]! * b[p * n + j]!;
                out[oo + i * n + j] = sum;
              }
            }
          }
          return out;
        },
        values: () => out,
      };
    },
  },
  MATMUL_CASES,
);
