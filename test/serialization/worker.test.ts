/**
 * A tensor sent to a real worker thread with its buffer in the transfer list:
 * the sender's buffer is detached (moved, not copied), the worker rebuilds the
 * tensor with `Tensor.from` over the very buffer it received (a view keeps its
 * strides and offset), computes with shapecast and sends the results back the
 * same way. The worker runs the TypeScript sources through tsx's loader
 * (worker-entry.mjs registers it), without a build.
 */
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slice, Tensor, tensor } from "shapecast";
import type { Reply, Request } from "./worker.js";

let worker: Worker;

/** The next message from the worker (a failure after 30 s, or when the worker fails or exits). */
const next = <T>(): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message from the worker within 30 s")), 30_000);
    const done = (): void => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (message: T): void => {
      done();
      resolve(message);
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const onExit = (code: number): void => {
      done();
      reject(new Error(`the worker exited with code ${code}`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });

beforeAll(() => {
  worker = new Worker(new URL("./worker-entry.mjs", import.meta.url));
});

afterAll(async () => {
  await worker.terminate();
});

/** A [4, 6] float64 base of small integers (so every product and sum below is exact) and a view of it. */
function makeView() {
  const base = tensor(Array.from({ length: 24 }, (_, i) => ((i * 7) % 11) - 5), [4, 6], { dtype: "float64" });
  // rows 1..3, every other column: shape [3, 3], strides [6, 2], offset 6
  const x = slice(base, { start: 1 }, { step: 2 });
  return { base, x };
}

/** x @ x^T and the row sums, by plain loops over nested arrays. */
function reference(rows: readonly (readonly number[])[]) {
  const gram = rows.map((a) => rows.map((b) => a.reduce((s, v, k) => s + v * b[k]!, 0)));
  const rowSums = rows.map((row) => row.reduce((s, v) => s + v, 0));
  return { gram, rowSums };
}

describe("a tensor sent to a worker thread", () => {
  it("moves its buffer there, is rebuilt over that buffer, and the results come back the same way", async () => {
    const { base, x } = makeView();
    expect([x.shape, x.strides, x.offset]).toEqual([[3, 3], [6, 2], 6]);
    const rows = x.toArray();
    const json = JSON.stringify(x);
    const bytes = base.data.buffer.byteLength;
    expect(bytes).toBe(24 * 8);

    const request: Request = { tensor: x, json };
    worker.postMessage(request, [x.data.buffer as ArrayBuffer]);
    // moved, not copied: the buffer is detached here, for every tensor that shared it
    expect(x.data.buffer.byteLength).toBe(0);
    expect(x.data.length).toBe(0);
    expect(base.data.length).toBe(0);

    const reply = await next<Reply>();
    expect(reply.sameArray).toBe(true);
    expect(reply.sameBuffer).toBe(true);
    expect(reply.receivedBytes).toBe(bytes); // a view travels with its whole buffer
    expect([reply.strides, reply.offset]).toEqual([[6, 2], 6]);
    expect(reply.json).toBe(json);

    const want = reference(rows);
    const gram = Tensor.from(reply.gram, { shape: [3, 3], dtype: "float64" });
    const rowSums = Tensor.from(reply.rowSums, { shape: [3], dtype: "float64" });
    expect(gram.data).toBe(reply.gram.data);
    expect(gram.data.buffer).toBe(reply.gram.data.buffer);
    expect(rowSums.data.buffer).toBe(reply.rowSums.data.buffer);
    expect(gram.toArray()).toEqual(want.gram);
    expect(rowSums.toArray()).toEqual(want.rowSums);
    expect(gram.data.buffer.byteLength).toBe(9 * 8);

    expect(await next<{ detachedAfterSend: boolean }>()).toEqual({ detachedAfterSend: true });
  });

  it("is copied when its buffer is not in the transfer list (the sender keeps it)", async () => {
    const { base, x } = makeView();
    const rows = x.toArray();
    worker.postMessage({ tensor: x, json: JSON.stringify(x) } satisfies Request);
    expect(base.data.buffer.byteLength).toBe(24 * 8);
    expect(x.toArray()).toEqual(rows);
    const reply = await next<Reply>();
    expect(reply.sameBuffer).toBe(true); // the worker's copy is still used as received
    expect(Tensor.from(reply.gram).toArray()).toEqual(reference(rows).gram);
    await next();
  });
});
