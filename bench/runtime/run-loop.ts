/**
 * The plain hand-written Float32Array loop for each case: the JavaScript
 * ceiling every library is measured against. `out` writes into a given
 * array; `alloc` allocates the output per op as an allocating API must.
 */
import { type Case, CASES, fill, resultShape, sizeOf } from "./cases.js";
import { runAll } from "./harness.js";

type Loop = (a: Float32Array, b: Float32Array, o: Float32Array) => void;

const loops: Record<string, Loop> = {
  a: (a, b, o) => {
    for (let i = 0; i < o.length; i++) o[i] = a[i]! + b[i]!;
  },
  b: (a, b, o) => {
    for (let i = 0; i < 1000; i++) for (let j = 0; j < 1000; j++) o[i * 1000 + j] = a[i * 1000 + j]! + b[j]!;
  },
  c: (a, b, o) => {
    for (let i = 0; i < 1000; i++) {
      const y = b[i]!;
      for (let j = 0; j < 1000; j++) o[i * 1000 + j] = a[i * 1000 + j]! + y;
    }
  },
  d: (a, b, o) => {
    for (let i = 0; i < 1000; i++) {
      const x = a[i]!;
      for (let j = 0; j < 1000; j++) o[i * 1000 + j] = x + b[j]!;
    }
  },
  e: (a, b, o) => {
    for (let n = 0; n < 8; n++)
      for (let c = 0; c < 64; c++)
        for (let h = 0; h < 64; h++)
          for (let w = 0; w < 64; w++) {
            const i = ((n * 64 + c) * 64 + h) * 64 + w;
            o[i] = a[i]! + b[c * 64 + w]!;
          }
  },
  g: (a, b, o) => {
    for (let i = 0; i < 1000; i++) for (let j = 0; j < 1000; j++) o[i * 1000 + j] = a[j * 1000 + i]! + b[i * 1000 + j]!;
  },
  f: (a, b, o) => {
    for (let i = 0; i < 3; i++) for (let j = 0; j < 4; j++) o[i * 4 + j] = a[i * 4 + j]! + b[j]!;
  },
};

await runAll(
  {
    library: "plain loop",
    prepare: (c: Case, variant) => {
      const a = fill(sizeOf(c.a), 1);
      const b = fill(sizeOf(c.b), 2);
      const size = sizeOf(resultShape(c.a, c.b));
      const loop = loops[c.id]!;
      if (variant === "out") {
        const o = new Float32Array(size);
        return { run: () => loop(a, b, o), values: () => o };
      }
      let last = new Float32Array(0);
      return {
        run: () => {
          last = new Float32Array(size);
          loop(a, b, last);
          return last;
        },
        values: () => last,
      };
    },
  },
  CASES,
);
