/**
 * The worker of worker.test.ts: it rebuilds each tensor it receives with
 * `Tensor.from`, computes with shapecast, and sends the results back with
 * their buffers in the transfer list. Started by worker-entry.mjs, which
 * registers tsx's loader first, so it imports the TypeScript sources.
 */
import { parentPort } from "node:worker_threads";
import { matmul, sum, Tensor, type TensorLike, transpose } from "../../src/index.js";

if (parentPort === null) throw new Error("worker.ts runs as a worker thread");
const port = parentPort;

/** What the test sends: a tensor's structured clone, and its JSON text. */
export interface Request {
  readonly tensor: TensorLike;
  readonly json: string;
}

/** What the worker sends back. */
export interface Reply {
  /** Did `Tensor.from` keep the received typed array and its buffer (no copy)? */
  readonly sameArray: boolean;
  readonly sameBuffer: boolean;
  /** The received buffer's length in bytes. */
  readonly receivedBytes: number;
  /** The received tensor's layout, as rebuilt. */
  readonly strides: readonly number[];
  readonly offset: number;
  /** `x @ x^T` of the received tensor, and its row sums. */
  readonly gram: TensorLike;
  readonly rowSums: TensorLike;
  /** The JSON text, read back and written again. */
  readonly json: string;
}

port.on("message", (request: Request) => {
  const x = Tensor.from(request.tensor, { dtype: "float64" });
  const gram = matmul(x, transpose(x));
  const rowSums = sum(x, 1);
  const reply: Reply = {
    sameArray: x.data === request.tensor.data,
    sameBuffer: x.data.buffer === request.tensor.data.buffer,
    receivedBytes: request.tensor.data.buffer.byteLength,
    strides: x.strides,
    offset: x.offset,
    gram,
    rowSums,
    json: JSON.stringify(Tensor.fromJSON(request.json)),
  };
  port.postMessage(reply, [gram.data.buffer as ArrayBuffer, rowSums.data.buffer as ArrayBuffer]);
  // after the transfer, this thread's results are detached: they were moved, not copied
  port.postMessage({ detachedAfterSend: gram.data.buffer.byteLength === 0 && rowSums.data.buffer.byteLength === 0 });
});
