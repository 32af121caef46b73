/**
 * `shapecast shapes` as a process: the report for a fixture project line by
 * line, `--json`, bad input (exit 2), and the repository's MLP example.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtures, runCli } from "./support.js";

const project = join(fixtures, "shapes-project");

describe("shapecast shapes", () => {
  it("prints every tensor binding and call of a file, aligned, in source order", async () => {
    const result = await runCli(["shapes", "src/layers.ts"], { cwd: project });
    expect(result.stderr).toMatch(/^18 tensors in 1 file \(\d+(\.\d)?m?s\)\n$/);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        "src/layers.ts:5:65    x                         [...Rest, C] float32",
        "src/layers.ts:6:9     rowMean                   [...Rest, 1] float32",
        "src/layers.ts:7:12    .sub(rowMean)             [...Rest, C] float32",
        "src/layers.ts:10:7    weights                   [3, 4] float32",
        "src/layers.ts:11:5    counts                    [2, 2] int32",
        "src/layers.ts:12:5    flags                     [2, 2] bool",
        "src/layers.ts:14:8    left                      [3, 4] float32",
        "src/layers.ts:14:14   right                     [3, 4] float32",
        "src/layers.ts:14:29   zeros([6, 4])             [6, 4] float32",
        "src/layers.ts:16:20   input                     [number, 3] float32",
        "src/layers.ts:16:72   loaded                    number[] float64",
        "src/layers.ts:16:109  any                       number[] DType",
        'src/layers.ts:18:9    checked                   [Dim<"batch">, 3] float64',
        "src/layers.ts:19:20   matmul(input, weights)    [number, 4] float32",
        "src/layers.ts:22:16   output                    [number, 4] float32",
        'src/layers.ts:22:24   checked                   [Dim<"batch">, 3] float64',
        "src/layers.ts:22:53   zeros([5, 3])             [5, 3] float32",
        'src/layers.ts:22:70   zeros([8, 3], "float64")  [8, 3] float64',
        "",
      ].join("\n"),
    );
  });

  it("--json gives each site's position, kind, type and dims", async () => {
    const result = await runCli(["shapes", "--json", "--project", "tsconfig.json", "src/layers.ts"], { cwd: project });
    expect(result.code).toBe(0);
    const { tensors } = JSON.parse(result.stdout) as { tensors: Record<string, unknown>[] };
    expect(tensors).toHaveLength(18);
    expect(tensors.map((t) => t["name"])).not.toContain("label");
    expect(tensors[0]).toEqual({
      file: "src/layers.ts",
      line: 5,
      column: 65,
      kind: "parameter",
      name: "x",
      type: 'Tensor<[...Rest, C], "float32">',
      shape: "[...Rest, C]",
      dims: ["...Rest", "C"],
      dtype: "float32",
    });
    expect(tensors.find((t) => t["name"] === "input")).toMatchObject({ kind: "parameter", dims: ["number", 3] });
    expect(tensors.find((t) => t["name"] === "right")).toMatchObject({ kind: "binding", line: 14, dims: [3, 4] });
    expect(tensors.find((t) => t["name"] === "loaded")).toMatchObject({ dims: null, shape: "number[]", type: 'Tensor<number[], "float64">' });
    expect(tensors.find((t) => t["name"] === "any")).toMatchObject({ type: "Tensor<readonly number[]>", dtype: "DType" });
    expect(tensors.find((t) => t["line"] === 18)).toMatchObject({ dims: ['Dim<"batch">', 3] });
    expect(tensors.find((t) => t["kind"] === "call" && t["line"] === 19)).toMatchObject({ name: "matmul(input, weights)", type: 'Tensor<[number, 4], "float32">' });
  });

  it("reads the repository's MLP example (and the model file it imports) as their comments say", async () => {
    const result = await runCli(["shapes", "--project", "tsconfig.node.json", "examples/06-mlp-forward.ts", "examples/models/mlp.ts"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    const line = (file: string, at: string) => lines.find((l) => l.startsWith(`examples/${file}:${at} `))?.replace(/ +/g, " ");
    expect(line("models/mlp.ts", "9:3")).toBe("examples/models/mlp.ts:9:3 x [B, I] float32");
    expect(line("models/mlp.ts", "25:7")).toBe("examples/models/mlp.ts:25:7 random([784, 128], { seed: 1 }) [784, 128] float32");
    expect(line("models/mlp.ts", "33:9")).toBe("examples/models/mlp.ts:33:9 hidden [B, 128] float32");
    expect(line("06-mlp-forward.ts", "12:7")).toBe("examples/06-mlp-forward.ts:12:7 images [4, 784] float32");
    expect(line("06-mlp-forward.ts", "15:7")).toBe("examples/06-mlp-forward.ts:15:7 hidden [4, 128] float32");
    expect(line("06-mlp-forward.ts", "16:7")).toBe("examples/06-mlp-forward.ts:16:7 logits [4, 10] float32");
    expect(line("06-mlp-forward.ts", "18:7")).toBe("examples/06-mlp-forward.ts:18:7 predicted [4] int32");
    expect(line("06-mlp-forward.ts", "13:9")).toBe("examples/06-mlp-forward.ts:13:9 w1 [784, 128] float32");
    // every line is `file:line:col  name  shape dtype`, with the shape column aligned
    const body = lines.filter((l) => l !== "");
    expect(body.length).toBeGreaterThan(20);
    const shapeColumn = (l: string) => l.lastIndexOf("  ") + 2;
    for (const l of body) {
      expect(l).toMatch(/^examples\/(06-mlp-forward|models\/mlp)\.ts:\d+:\d+ +\S.* {2}\[.*\] (float32|int32|bool)$/);
      expect(shapeColumn(l)).toBe(shapeColumn(body[0]!));
    }
    // console.log and String() results are not tensors
    expect(result.stdout).not.toMatch(/console|String\(/);
  });

  it("takes several files, in path order", async () => {
    const result = await runCli(["shapes", "-p", "tsconfig.node.json", "examples/07-attention.ts", "examples/06-mlp-forward.ts"]);
    expect(result.code).toBe(0);
    const files = [...new Set(result.stdout.trimEnd().split("\n").map((l) => l.split(":")[0]))];
    expect(files).toEqual(["examples/06-mlp-forward.ts", "examples/07-attention.ts"]);
  });

  it("exits 2 with a clear message for a missing file, a missing tsconfig, or no file at all", async () => {
    const missing = await runCli(["shapes", "src/nope.ts"], { cwd: project });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("error: src/nope.ts: matches no TypeScript file");
    expect(missing.stderr).toContain("usage: shapecast shapes");

    const noConfig = await runCli(["shapes", "--project", "nope.json", "src/layers.ts"], { cwd: project });
    expect(noConfig.code).toBe(2);
    expect(noConfig.stderr).toContain("--project nope.json: no such tsconfig");

    const none = await runCli(["shapes"], { cwd: project });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("error: name at least one file");
  });
});
