/**
 * `shapecast/catalog`: the library described as data, for tools built on it
 * (the command line in cli/, editors, codemods). Every op with its family
 * (src/ops/catalog.ts) and the dtype list (src/dtype.ts). Nothing here runs
 * an op, so a tool can read the tables without loading the engine.
 */
export { catalog, opsOf } from "./ops/catalog.js";
export type { OpEntry, OpName, OpsOf } from "./ops/catalog.js";
export { DTYPES } from "./dtype.js";
