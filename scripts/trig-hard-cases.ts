/**
 * The float32 arguments from 1 to 2^18 closest to a multiple of pi/2, where the SIMD sin and
 * cos (scripts/wat/elementwise.ts) must keep the most digits of x - k pi/2: goes through every
 * float32 there (a few seconds) and prints the eight nearest, which test/kernels/simd.test.ts
 * checks. `npx tsx scripts/trig-hard-cases.ts`
 */
const PIO2 = [1.57079632673412561417, 6.0771005063039659766e-11, 2.0222662487111664558e-21] as const;
const word = new Float32Array(1);
const bits = new Uint32Array(word.buffer);
const nearest: [number, number][] = [];
for (let b = 0x3f800000; b < 0x48800000; b++) {
  bits[0] = b;
  const x = word[0]!;
  const k = Math.round(x * (2 / Math.PI));
  const r = Math.abs(x - k * PIO2[0] - k * PIO2[1] - k * PIO2[2]);
  if (nearest.length < 8 || r < nearest[nearest.length - 1]![1]) {
    nearest.push([x, r]);
    nearest.sort((p, q) => p[1] - q[1]);
    nearest.length = Math.min(nearest.length, 8);
  }
}
for (const [x, r] of nearest) console.log(`${x} (x - k pi/2 = ${r.toExponential(3)})`);
