/**
 * The playground in headless Chromium: a shape bug typed into the editor
 * shows the library's message with the aligned-axes picture, its quick fix
 * removes it, hovers show shapes, Run prints what Node prints for the same
 * program, and the page works offline once loaded. (Its load time and the
 * time from a keystroke to the error are measured by `npm run bench:playground`.)
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { add, tensor, zeros } from "shapecast";
import { EXAMPLES, servePlayground } from "../../playground/build.js";
import { root } from "../support/compiler.js";
import { cursorAfter, open, type PageGlobals, run, type Served, screenshot, serve, text, waitChecked, wordCenter } from "./page.js";

let served: Served;
beforeAll(async () => {
  served = await serve(join(root, "test/.generated/playground"));
}, 180_000);
afterAll(async () => {
  await served?.close();
});

/** What Node prints for an example program, run as a user runs it. */
const nodeOutput = (name: string): string[] =>
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "playground/examples", `${name}.ts`)], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  })
    .replace(/\n$/, "")
    .split("\n");

describe("the playground", () => {
  it("opens on the first example, checked, with no problems", async () => {
    const { page, context, errors } = await open(served);
    expect(await page.locator("#problems").getAttribute("data-state")).toBe("clean");
    expect(await text(page)).toContain('from "shapecast"');
    expect(await page.locator("#example option").allTextContents()).toEqual(EXAMPLES.map((e) => e.title));
    await screenshot(page, "playground");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a typed shape bug as the library's message with the picture, and its quick fix removes it", async () => {
    const { page, context, errors } = await open(served, "#broadcast");
    // `column` gets a third element: [3] no longer fits axis 0 of the [2, 3] matrix
    await cursorAfter(page, "tensor([100, 200");
    await page.keyboard.type(", 300", { delay: 30 });
    await waitChecked(page);
    const problem = page.locator(".problem.shapecast");
    await expect.poll(() => problem.count()).toBe(1);
    // the message is the runtime's, word for word
    let thrown = "";
    try {
      // @ts-expect-error -- the misfit typed into the page, thrown here for its message
      add(zeros([2, 3]), tensor([100, 200, 300]), { mode: "xla", broadcastDimensions: [0] });
    } catch (error) {
      thrown = (error as Error).message;
    }
    expect(thrown).toContain("add (xla)");
    expect(await problem.locator(".message").textContent()).toBe(thrown);
    const picture = (await problem.locator("pre.picture").textContent()) ?? "";
    expect(picture).toMatch(/a\s+\[\s*2,\s*3\s*\]/);
    expect(picture).toMatch(/b\s+\[\s*3\s*\]/);
    expect(picture).toContain("axis");
    await screenshot(page, "playground-error");

    // the fix the message names: broadcastDimensions [1]
    const fix = problem.locator("button.fix", { hasText: "broadcastDimensions [1]" });
    await expect.poll(() => fix.count()).toBe(1);
    await fix.click();
    await waitChecked(page);
    expect(await page.locator("#problems").getAttribute("data-state")).toBe("clean");
    expect(await text(page)).toContain('add(matrix, column, { mode: "xla", broadcastDimensions: [1] })');
    await screenshot(page, "playground-fixed");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("runs a program with a shape bug to the runtime's ShapeError, the message the editor shows", async () => {
    const { page, context } = await open(served, "#broadcast");
    await cursorAfter(page, "tensor([100, 200");
    await page.keyboard.type(", 300");
    await waitChecked(page);
    const shown = await page.locator(".problem.shapecast .message").textContent();
    const { lines, errors } = await run(page);
    expect(lines).toEqual(["numpy: tensor([[11., 22., 33.],", "        [14., 25., 36.]], shape=[2, 3], dtype=float32)"]);
    expect(errors).toEqual([`ShapeError: ${shown}`]);
    await context.close();
  });

  it("shows a tensor's shape and dtype on hover", async () => {
    const { page, context } = await open(served, "#broadcast");
    const at = await wordCenter(page, "matrix =");
    await page.mouse.move(at.x, at.y);
    const hover = page.locator(".cm-tooltip-hover .hover code");
    await hover.waitFor({ timeout: 10_000 });
    expect(await hover.textContent()).toBe("matrix: Tensor<[2, 3], float32>");
    await screenshot(page, "playground-hover");
    await context.close();
  });

  for (const example of EXAMPLES) {
    it(`runs the ${example.title} example and prints what Node prints`, async () => {
      const { page, context, errors } = await open(served, `#${example.name}`);
      expect(await page.locator("#problems").getAttribute("data-state")).toBe("clean");
      const output = await run(page);
      expect(output.errors).toEqual([]);
      expect(output.lines).toEqual(nodeOutput(example.name));
      if (example.name === "mlp") await screenshot(page, "playground-run");
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("works offline once loaded: the files come from its service worker when the server is gone", async () => {
    // a server of its own, on another port (another origin: nothing of the other tests' service workers)
    const offline = await servePlayground(join(root, "test/.generated/playground"), 0);
    const context = await served.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${offline.url}#mlp`);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => undefined));
    await waitChecked(page);
    offline.server.closeAllConnections();
    await new Promise((resolve) => offline.server.close(resolve));
    await expect(fetch(offline.url)).rejects.toThrow();
    await page.reload();
    await waitChecked(page);
    expect(await page.locator("#problems").getAttribute("data-state")).toBe("clean");
    await cursorAfter(page, "random([3");
    await page.keyboard.type("0");
    await waitChecked(page);
    expect(await page.locator(".problem").count()).toBeGreaterThan(0);
    await page.keyboard.press("Backspace");
    await waitChecked(page);
    const output = await run(page);
    expect(output.lines).toEqual(nodeOutput("mlp"));
    await context.close();
  });
});
