/**
 * Driving the playground in headless Chromium (the system's, through
 * playwright-core, as the browser suite does): build it, serve it, open it,
 * type into its editor as a person would, read its problems and its output.
 * Used by playground.test.ts, the screenshots and bench/playground/.
 */
import type { Server } from "node:http";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { buildPlayground, servePlayground } from "../../playground/build.js";
import { CHROMIUM_ARGS, chromiumPath } from "../support/chromium.js";

/**
 * The little of the page's globals the callbacks run in it read: this file
 * compiles with Node's declarations, not the DOM's.
 */
interface Dataset {
  readonly dataset: Record<string, string | undefined>;
}
export interface PageGlobals {
  readonly document: {
    readonly body: Dataset;
    getElementById(id: string): Dataset | null;
    querySelectorAll(selector: string): Iterable<{ readonly className: string; readonly textContent: string | null }>;
  };
  readonly navigator: { readonly serviceWorker: { readonly ready: Promise<unknown> } };
}


export interface Served {
  readonly url: string;
  readonly server: Server;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Build the page into `outdir`, serve it on a free port, and start Chromium. */
export async function serve(outdir: string, log: (line: string) => void = () => {}): Promise<Served> {
  const built = await buildPlayground(outdir, log);
  const { url, server } = await servePlayground(built.outdir, 0);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  return {
    url,
    server,
    browser,
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A page of the playground, its errors collected (a test fails on any). */
export interface Playground {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly errors: string[];
}

/** Open the playground at `hash` (`#mlp`) in a new context (a first visit: nothing cached), and wait for its first check. */
export async function open(served: Served, hash = ""): Promise<Playground & { milliseconds: Timings }> {
  const context = await served.browser.newContext({ viewport: { width: 1440, height: 860 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const started = Date.now();
  await page.goto(`${served.url}${hash}`);
  const loaded = Date.now() - started;
  await waitChecked(page);
  const checked = Date.now() - started;
  return { page, context, errors, milliseconds: { loaded, checked } };
}

/** From navigation: the load event, and the first check's problems on the page. */
export interface Timings {
  readonly loaded: number;
  readonly checked: number;
}

/** Wait until the problems pane shows a check of the editor's current text. */
export async function waitChecked(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as PageGlobals;
      return document.getElementById("problems")?.dataset["checked"] === String(document.body.dataset["version"]);
    },
    null,
    { timeout, polling: 20 },
  );
}

/** The editor's text. */
export const text = (page: Page): Promise<string> =>
  page.evaluate(() => (globalThis as unknown as { playgroundEditor: { state: { doc: { toString(): string } } } }).playgroundEditor.state.doc.toString());

/** Put the cursor right after the first occurrence of `after` in the editor's text. */
export async function cursorAfter(page: Page, after: string): Promise<void> {
  const found = await page.evaluate((after) => {
    const view = (globalThis as unknown as { playgroundEditor: { state: { doc: { toString(): string } }; dispatch(spec: unknown): void; focus(): void } }).playgroundEditor;
    const at = view.state.doc.toString().indexOf(after);
    if (at === -1) return false;
    view.dispatch({ selection: { anchor: at + after.length } });
    view.focus();
    return true;
  }, after);
  if (!found) throw new Error(`the editor has no ${JSON.stringify(after)}`);
}

/** The window coordinates of the middle of the first occurrence of `word` in the editor. */
export async function wordCenter(page: Page, word: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate((word) => {
    const view = (globalThis as unknown as {
      playgroundEditor: { state: { doc: { toString(): string } }; coordsAtPos(pos: number): { left: number; right: number; top: number; bottom: number } | null };
    }).playgroundEditor;
    const start = view.state.doc.toString().indexOf(word);
    const from = view.coordsAtPos(start + 1);
    return from === null ? null : { x: from.left, y: (from.top + from.bottom) / 2 };
  }, word);
  if (at === null) throw new Error(`the editor does not show ${JSON.stringify(word)}`);
  return at;
}

/** Press Run and wait for the program to end; its printed lines (the page's closing note left out). */
export async function run(page: Page): Promise<{ lines: string[]; errors: string[] }> {
  await page.click("#run");
  await page.waitForSelector("#output[data-state=done]", { timeout: 60_000 });
  return page.evaluate(() => {
    const spans = [...(globalThis as unknown as PageGlobals).document.querySelectorAll("#output span")];
    const of = (kind: string) => spans.filter((s) => s.className === kind).flatMap((s) => s.textContent!.replace(/\n$/, "").split("\n"));
    return { lines: of("log"), errors: of("error") };
  });
}

/** Where the screenshots go when SHAPECAST_SCREENSHOTS names a folder (`npm run playground:screenshots`), else nowhere. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env["SHAPECAST_SCREENSHOTS"];
  if (folder === undefined || folder === "") return;
  await page.screenshot({ path: join(folder, `${name}.png`) });
}
