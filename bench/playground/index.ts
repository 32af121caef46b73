/**
 * `npm run bench:playground`: the playground in headless Chromium on this
 * machine, served from localhost as `npm run playground` serves it.
 *
 * - Load, from navigation, over --loads first visits (a new browser context
 *   each: nothing cached, no service worker yet): the load event (the page
 *   and its editor are there), the language worker's entry running, its
 *   TypeScript loaded (fetched, compiled, initialized, with files.json),
 *   its language service made, the standard library read (ready), and the
 *   first check's problems on the page.
 * - Error latency, over --edits edits in one page: a shape bug typed into
 *   the broadcast example (`, 300` into `column`), from the last keystroke
 *   to the error with its picture in the problems pane; then the bug is
 *   deleted and the page checked clean again before the next edit.
 *
 * Prints each run and the medians. Targets (issue 16): the page loaded in
 * under 3 s, the error shown within 2 s of the last keystroke; "loaded"
 * counts the first check, the stricter reading. Exit 1 when a median misses.
 */
import { join, resolve } from "node:path";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { cursorAfter, open, type PageGlobals, serve, waitChecked } from "../../test/playground/page.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({ options: { loads: { type: "string", default: "5" }, edits: { type: "string", default: "7" } } });
const loads = Number(values.loads);
const edits = Number(values.edits);
for (const [name, n] of [["--loads", loads], ["--edits", edits]] as const) {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`bench:playground: ${name} takes a whole number of runs, at least 1; got ${String(n)}`);
}
const LOAD_TARGET = 3000;
const ERROR_TARGET = 2000;

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (x: number): string => `${Math.round(x)} ms`.padStart(8);

const served = await serve(join(root, "bench/.out/playground"), (line) => console.error(line));
try {
  console.log(`first visits (${loads}), milliseconds from navigation:`);
  console.log("   load event   worker runs   TypeScript loaded   service made   ready   first check");
  const timings: { load: number; ready: number; checked: number }[] = [];
  for (let i = 0; i < loads; i++) {
    const { page, context } = await open(served, "#broadcast");
    const t = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const navigation = (globalThis as unknown as { performance: { getEntriesByType(type: string): { loadEventEnd: number }[] } }).performance.getEntriesByType("navigation")[0]!;
      const data = document.body.dataset;
      return {
        load: navigation.loadEventEnd,
        worker: JSON.parse(data["worker"] ?? "{}") as { entry: number; loaded: number; environment: number; ready: number },
        ready: Number(data["readyAt"]),
        checked: Number(data["firstCheckAt"]),
      };
    });
    timings.push(t);
    const w = t.worker;
    console.log(`   ${ms(t.load)}     ${ms(w.entry)}      ${ms(w.loaded)}        ${ms(w.environment)}   ${ms(w.ready)}    ${ms(t.checked)}`);
    await context.close();
  }

  console.log(`\nerror latency (${edits} edits), milliseconds from the last keystroke to the error and its picture:`);
  const { page, context } = await open(served, "#broadcast");
  const latencies: number[] = [];
  for (let i = 0; i < edits; i++) {
    await cursorAfter(page, "tensor([100, 200");
    await page.keyboard.type(", 300");
    const typed = Date.now();
    await page.locator(".problem.shapecast pre.picture").waitFor({ timeout: 60_000 });
    await waitChecked(page);
    latencies.push(Date.now() - typed);
    console.log(`   ${ms(latencies.at(-1)!)}`);
    for (let k = 0; k < 5; k++) await page.keyboard.press("Backspace");
    await waitChecked(page);
    await page.locator("#problems[data-state=clean]").waitFor({ timeout: 60_000 });
  }
  await context.close();

  const load = median(timings.map((t) => t.load));
  const ready = median(timings.map((t) => t.ready));
  const checked = median(timings.map((t) => t.checked));
  const latency = median(latencies);
  console.log("\nmedians:");
  console.log(`   load event ${ms(load)}, worker ready ${ms(ready)}, first check ${ms(checked)} (target: under ${LOAD_TARGET} ms)`);
  console.log(`   error after the last keystroke ${ms(latency)} (target: within ${ERROR_TARGET} ms)`);
  const missed = [checked >= LOAD_TARGET ? "load" : "", latency > ERROR_TARGET ? "error latency" : ""].filter((x) => x !== "");
  console.log(missed.length === 0 ? "both targets met" : `missed: ${missed.join(", ")}`);
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  await served.close();
}
