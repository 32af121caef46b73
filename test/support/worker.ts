/**
 * A module worker's first message, for tests that need a copy of the library in a realm of
 * its own in the browser (where the test runner cannot reset the module registry as it does
 * under Node): test/kernels/fallback.test.ts, test/kernels/engine.test.ts.
 */

/** The parts of a browser's Worker used here (the tests compile without the DOM's types). */
interface WorkerLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
  terminate(): void;
}
type WorkerClass = new (url: URL, options: { type: "module" }) => WorkerLike;

/** Whether module workers are here to run one: in the browser, not under Node. */
export const inBrowser: boolean = (globalThis as { window?: unknown }).window !== undefined && (globalThis as { Worker?: unknown }).Worker !== undefined;

/** Runs the module at `url` in a worker and gives what it posts first (the worker is then ended). */
export function firstMessage<T>(url: URL): Promise<T> {
  const Ctor = (globalThis as unknown as { Worker: WorkerClass }).Worker;
  return new Promise((resolve, reject) => {
    const worker = new Ctor(url, { type: "module" });
    worker.onmessage = (event) => {
      worker.terminate();
      resolve(event.data as T);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`the worker failed: ${event.message}`));
    };
  });
}
