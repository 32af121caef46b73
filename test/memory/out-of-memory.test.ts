/**
 * When memory runs out for a size within the limits, the error is a RangeError naming the op and
 * the bytes it asked for, never the engine's bare "Array buffer allocation failed". Each case runs
 * in a child process whose address space is capped (`ulimit -v`, Linux) so that a 4 GiB buffer
 * cannot be had; the library is bundled by esbuild for it (the tsx loader itself needs more
 * address space than the cap leaves).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "shapecast-oom-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each case asks for 2^30 float32 elements (4 GiB) from inputs of a few bytes. */
const N = 2 ** 30;
const cases: Record<string, string> = {
  zeros: `zeros([${N}])`,
  ones: `ones([${N}])`,
  full: `full([${N}], 3)`,
  random: `random([${N}])`,
  randn: `randn([${N}])`,
  arange: `arange(${N})`,
  add: `add(broadcastTo(ones([1]), [${N}]), 1)`,
  exp: `exp(broadcastTo(ones([1]), [${N}]))`,
  where: `where(broadcastTo(tensor([true]), [${N}]), 1, 2)`,
  softmax: `softmax(broadcastTo(ones([1, 1]), [${N / 2}, 2]))`,
  matmul: `matmul(ones([${2 ** 15}, 1]), ones([1, ${2 ** 15}]))`,
  concat: `concat([broadcastTo(ones([1]), [${N / 2}]), broadcastTo(ones([1]), [${N / 2}])])`,
  tile: `tile(ones([1]), [${N}])`,
  pad: `pad(ones([1]), [[0, ${N - 1}]])`,
  zerosLike: `zerosLike(broadcastTo(ones([1]), [${N}]))`,
  toTypedArray: `broadcastTo(ones([1]), [${N}]).toTypedArray()`,
  clone: `clone(broadcastTo(ones([1]), [${N}]))`,
  reshape: `reshape(broadcastTo(ones([1]), [${N / 2}, 2]), [${N}])`,
  einsum: `einsum("ij->ij", broadcastTo(ones([1, 1]), [${N / 2}, 2]))`,
  toNpy: `toNpy(broadcastTo(ones([1]), [${N}]))`,
  saveSafetensors: `saveSafetensors({ w: broadcastTo(ones([1]), [${N}]) })`,
};

const child = `
import * as lib from "./shapecast.mjs";
const out = {};
for (const [name, code] of Object.entries(${JSON.stringify(cases)})) {
  try {
    const value = new Function(...Object.keys(lib), "return " + code)(...Object.values(lib));
    out[name] = "returned " + (value && value.shape ? "a tensor" : typeof value);
  } catch (error) {
    out[name] = error.constructor.name + ": " + error.message;
  }
}
process.stdout.write(JSON.stringify(out));
`;

describe("an allocation that fails", () => {
  buildSync({ entryPoints: [join(root, "src/index.ts")], bundle: true, format: "esm", platform: "node", outfile: join(dir, "shapecast.mjs"), logLevel: "silent" });
  writeFileSync(join(dir, "child.mjs"), child);
  // 3 GB of address space: Node and the library start, 4 GiB more cannot be had
  const run = spawnSync("sh", ["-c", `ulimit -v 3000000 && exec "${process.execPath}" child.mjs`], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  const outcomes = JSON.parse(run.stdout || "{}") as Record<string, string>;

  it("ran every case in the capped process", () => {
    expect(run.stderr).toBe("");
    expect(Object.keys(outcomes).sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))("%s is a RangeError naming it and the 4 GiB it asked for", (name) => {
    expect(outcomes[name]).toMatch(new RegExp(`^RangeError: ${name}: out of memory: \\d+ bytes \\(.*\\) could not be allocated; free tensors`));
    expect(outcomes[name]).toMatch(/: out of memory: (4294967296|8589934592) bytes/);
  });
});
