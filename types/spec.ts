/**
 * Broadcast specs: the same objects at the type level and at run time.
 */

/**
 * How a binary element-wise op broadcasts its operands `a` (left) and `b` (right).
 * - `numpy` (default): right-align, pad with 1s, sizes equal or 1 (docs/broadcasting.md §2.2).
 * - `none`: identical shapes only (OpenVINO NONE, §2.1).
 * - `xla`: degenerate dims for equal ranks; `broadcastDimensions` maps the
 *   lower-rank operand's axes onto the other's when ranks differ (§2.3).
 * - `pdpd`: only `b` onto `a`, aligned at `axis` (-1: right-aligned) (§2.4).
 */
export type BroadcastSpec =
  | { readonly mode: "numpy" }
  | { readonly mode: "none" }
  // (`| undefined`: a field left as `undefined` is left out, also under exactOptionalPropertyTypes)
  | { readonly mode: "xla"; readonly broadcastDimensions?: readonly number[] | undefined }
  | { readonly mode: "pdpd"; readonly axis?: number | undefined };

/**
 * How one tensor is broadcast to a target shape (docs/broadcasting.md §3).
 * - `numpy` (default): unidirectional, like `np.broadcast_to`; the result is the target.
 * - `bidirectional`: the shape of `input * ones(target)` under NumPy rules.
 * - `explicit`: `axesMapping[i]` is the target axis of input axis `i`.
 */
export type BroadcastToSpec =
  | { readonly mode: "numpy" }
  | { readonly mode: "bidirectional" }
  | { readonly mode: "explicit"; readonly axesMapping: readonly number[] };

/** The fields each binary mode allows besides `mode`. */
export interface BinaryModeFields {
  numpy: never;
  none: never;
  xla: "broadcastDimensions";
  pdpd: "axis";
}

/** The fields each broadcast-to mode allows besides `mode`. */
export interface ToModeFields {
  numpy: never;
  bidirectional: never;
  explicit: "axesMapping";
}
