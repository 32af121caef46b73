/**
 * One case of npz-memory.test.ts, in a process of its own (so that its peak resident memory is
 * its own): builds an archive whose member inflates to a gibibyte, reads it with fromNpz, and
 * prints what was thrown and how far the peak resident memory rose during the call.
 *
 *   node --import tsx test/io/npz-memory-child.ts <case>
 */
import { fromNpz } from "../../src/io/npz.js";
import { npyHeader } from "../../src/io/npy.js";
import { bomb, zipOfDeflated } from "./bomb.js";

const GiB = 2 ** 30;
const header = npyHeader([2], "float32"); // 128 bytes; the data of shape [2] is 8 more
const big = npyHeader([GiB / 4], "float32"); // a float32 array of a gibibyte

/** Each case: the archive, built before the measurement, and the call measured. */
const cases: Record<string, () => () => unknown> = {
  // a member that is not a .npy, of a gibibyte
  "junk member": () => {
    const archive = zipOfDeflated("junk.bin", bomb(new Uint8Array(0), GiB), GiB);
    return () => fromNpz(archive);
  },
  // a header of shape [2] and then a gibibyte, the archive declaring what the header says
  "member longer than it declares": () => {
    const archive = zipOfDeflated("w.npy", bomb(header, GiB), header.length + 8);
    return () => fromNpz(archive);
  },
  // the same, the archive declaring the gibibyte
  "declared size against the header": () => {
    const archive = zipOfDeflated("w.npy", bomb(header, GiB), header.length + GiB);
    return () => fromNpz(archive);
  },
  // a real array of a gibibyte, which the schema says is [2]
  "schema against the header": () => {
    const archive = zipOfDeflated("w.npy", bomb(big, GiB), big.length + GiB);
    return () => fromNpz(archive, { w: [2] });
  },
};

const name = process.argv[2]!;
const call = cases[name]!();
const before = process.resourceUsage().maxRSS;
const start = performance.now();
let thrown: string | undefined;
let value: unknown;
try {
  value = call();
} catch (error) {
  thrown = `${(error as Error).constructor.name}: ${(error as Error).message}`;
}
const ms = performance.now() - start;
const grewMiB = (process.resourceUsage().maxRSS - before) / 1024;
process.stdout.write(JSON.stringify({ thrown, value, grewMiB, ms }));
