/**
 * The `annotate` transform on the annotate-project fixture: each src/<name>.ts
 * must become expected/src/<name>.ts exactly, the places it leaves alone are
 * reported with their reasons, the annotated program still type-checks, and
 * a second run changes nothing; then the same through `shapecast codemod
 * annotate --write` as a process.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Project, type SourceFile } from "ts-morph";
import { describe, expect, it } from "vitest";
import { annotate } from "../../cli/transforms/annotate.js";
import { applyTransform, type Skipped } from "../../cli/transforms/transform.js";
import { copyFixture, fixtures, runCli } from "./support.js";

const folder = join(fixtures, "annotate-project");
const names = ["aliased", "dims", "fresh", "layers", "model", "taken"] as const;

/** A fresh program of the fixture (every test edits its files in memory only). */
const load = () => new Project({ tsConfigFilePath: join(folder, "tsconfig.json") });
const source = (project: Project, name: string): SourceFile => project.getSourceFileOrThrow(join(folder, "src", `${name}.ts`));
const expected = (name: string) => readFileSync(join(folder, "expected", "src", `${name}.ts`), "utf8");
const run = (project: Project, file: SourceFile): Skipped[] => applyTransform(annotate, file, { project, cwd: folder });
/** `line:column code: reason`, file-relative, for comparing skip lists. */
const shown = (skipped: Skipped[]) => skipped.map((s) => `${s.line}:${s.column} ${s.code}: ${s.reason}`);

describe("codemod annotate", () => {
  it.each(names)("src/%s.ts becomes expected/src/%s.ts", (name) => {
    const project = load();
    const file = source(project, name);
    run(project, file);
    expect(file.getFullText()).toBe(expected(name));
  });

  it("reports each place it leaves alone, with the reason", () => {
    const project = load();
    const skipped = Object.fromEntries(names.map((name) => [name, shown(run(project, source(project, name)))]));
    expect(skipped).toEqual({
      aliased: [],
      dims: [],
      fresh: [],
      layers: [
        "27:17 twice: dtype not known: ArithmeticDType<D, D>",
        "32:17 flat: size not known: axis 0 is MergedSize<[R, C]>",
      ],
      model: [
        '25:14 pick: union of tensor types: its return type is Tensor<[2], "float32"> | Tensor<[3], "float32">',
        "26:7 [first, second]: destructured binding: annotate its names by hand",
      ],
      taken: ['9:14 named: name Dim taken: Dim<"rows"> cannot be written in this file'],
    });
    expect(run(project, source(project, "model")).every((s) => s.file === source(project, "model").getFilePath())).toBe(true);
  });

  it("leaves a program that still type-checks", () => {
    const project = load();
    for (const name of names) run(project, source(project, name));
    const errors = project.getPreEmitDiagnostics().map((d) => `${d.getSourceFile()?.getBaseName()}:${d.getLineNumber()}: ${project.formatDiagnosticsWithColorAndContext([d])}`);
    expect(errors).toEqual([]);
  });

  it("changes nothing when run on its own output", () => {
    const project = load();
    for (const name of names) run(project, source(project, name));
    for (const name of names) {
      const file = source(project, name);
      const once = file.getFullText();
      const skippedAgain = run(project, file);
      expect(file.getFullText(), name).toBe(once);
      // the places left alone stay left alone, and say so again
      expect(skippedAgain.length, name).toBe(name === "layers" || name === "model" ? 2 : name === "taken" ? 1 : 0);
    }
  });

  it("skips a taken name Tensor, a bare arrow parameter and conflicting sizes, and says why", () => {
    const project = load();
    const text = [
      'import { zeros } from "shapecast";',
      'import { dense } from "./layers.js";',
      "",
      "export class Tensor {}",
      "export const z = zeros([2]);",
      "// @ts-expect-error -- b must be Tensor<[10]>",
      "const misfit = dense(zeros([4, 784]), zeros([784, 10]), zeros([11]));",
      "export const g = (x) => zeros([2]);",
      "export { misfit };",
      "",
    ].join("\n");
    const file = project.createSourceFile(join(folder, "src", "odd.ts"), text);
    const skipped = run(project, file);
    expect(file.getFullText()).toBe(text);
    expect(shown(skipped)).toEqual([
      "5:14 z: name Tensor taken: this file's Tensor is not shapecast's",
      "7:7 misfit: conflicting sizes: axis 1 is 10 | 11",
      "8:14 g: name Tensor taken: this file's Tensor is not shapecast's",
    ]);

    const bare = project.createSourceFile(join(folder, "src", "bare.ts"), 'import { zeros } from "shapecast";\nexport const h = x => zeros([x]);\n');
    expect(shown(run(project, bare))).toEqual(["2:14 h: bare arrow parameter: write `(x) => ...` to give the arrow function a return type"]);
    expect(bare.getFullText()).toBe('import { zeros } from "shapecast";\nexport const h = x => zeros([x]);\n');
  });

  it("adds the import after a header comment when a file has no imports", () => {
    const project = load();
    const file = project.createSourceFile(
      join(folder, "src", "no-imports.ts"),
      '/** Header. */\n\n// a tensor without an import declaration\nexport const z = (null as unknown as typeof import("shapecast")).zeros([2]);\n',
    );
    expect(run(project, file)).toEqual([]);
    expect(file.getFullText()).toBe(
      '/** Header. */\n\nimport type { Tensor } from "shapecast";\n\n// a tensor without an import declaration\nexport const z: Tensor<[2], "float32"> = (null as unknown as typeof import("shapecast")).zeros([2]);\n',
    );
  });

  it("joins an `import type` without a second `type`, and leaves non-tensor code untouched", () => {
    const project = load();
    const text = 'import type { DType } from "shapecast";\nimport { ones } from "shapecast";\n\nexport const kind: DType = "int32";\nexport const count = 3;\nexport function make() {\n  return ones([count], kind === "int32" ? "int32" : "int32");\n}\n';
    const file = project.createSourceFile(join(folder, "src", "typed.ts"), text);
    expect(run(project, file)).toEqual([]);
    expect(file.getFullText()).toBe(text
      .replace('import type { DType } from "shapecast";', 'import type { DType, Tensor } from "shapecast";')
      .replace("export function make() {", 'export function make(): Tensor<[3], "int32"> {'));
  });
});

describe("shapecast codemod annotate", () => {
  it("--write leaves every file as its expected/src twin, and a second run has nothing to change", async () => {
    const copy = copyFixture("annotate-project");
    const written = await runCli(["codemod", "annotate", "--write"], { cwd: copy });
    expect(written.code).toBe(0);
    for (const name of names) expect(readFileSync(join(copy, "src", `${name}.ts`), "utf8"), name).toBe(expected(name));
    expect(written.stderr).toContain('src/taken.ts:9:14  named  name Dim taken: Dim<"rows"> cannot be written in this file');
    expect(written.stderr).toMatch(/^6 changed · 0 unchanged · 5 skipped \(.*\) in /m);

    const again = await runCli(["codemod", "annotate", "--check"], { cwd: copy });
    expect(again.stdout).toBe("");
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^0 changed · 6 unchanged · 5 skipped/m);
  });
});
